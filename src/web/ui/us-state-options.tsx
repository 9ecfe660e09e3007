import { usStateCodes, usStates } from '../../domain/us-states';

/** The options of a US-state <select>: a prompt, then every state by name. */
export function UsStateOptions() {
  return (
    <>
      <option value="">Select a state</option>
      {usStateCodes.map((code) => (
        <option key={code} value={code}>
          {usStates[code]}
        </option>
      ))}
    </>
  );
}
