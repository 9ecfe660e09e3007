import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { keysetPageSchema } from '../../domain/keyset-page';
import { compiledSerializer } from './compiled-serializer';

const itemSchema = z.object({
  id: z.uuid(),
  status: z.enum(['posted', 'matched']),
  place: z.object({ city: z.string(), latitude: z.number() }),
  createdAt: z.iso.datetime(),
  matchedAt: z.iso.datetime().nullable(),
  services: z.array(z.object({ serviceId: z.string(), visitCount: z.number().int() })),
  myRates: z.record(z.string(), z.number()),
  myResponse: z.object({ note: z.string().nullable() }).nullable(),
  hidden: z.boolean(),
});
const pageSchema = keysetPageSchema(itemSchema);
const route = { schema: pageSchema, method: 'GET', url: '/list', httpPart: 'response' } as const;

const item = {
  id: '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f',
  status: 'matched' as const,
  place: { city: 'Austin "TX"', latitude: 30.27 },
  createdAt: '2026-11-24T09:46:34.908Z',
  matchedAt: null,
  services: [{ serviceId: 'evaluation', visitCount: 1 }],
  myRates: { evaluation: 150, treatment: 100 },
  myResponse: { note: 'Can start Monday\n' },
  hidden: false,
};

describe('compiledSerializer', () => {
  const compiled = compiledSerializer(route as never);
  const zod = serializerCompiler(route as never);

  it('writes what the zod serializer writes, byte for byte', () => {
    const page = { items: [item, { ...item, matchedAt: '2026-11-25T01:00:00.000Z', myResponse: null, hidden: true }], nextCursor: 'abc', total: 2 };
    expect(compiled(page)).toBe(zod(page));
    expect(JSON.parse(compiled({ items: [], nextCursor: null, total: 0 }))).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it('writes only the declared fields: a field a presenter added by mistake is dropped', () => {
    const leaky = { items: [{ ...item, clinicalSummary: 'PHI', place: { ...item.place, patientName: 'PHI' } }], nextCursor: null, total: 1, debug: 'x' };
    const text = compiled(leaky);
    expect(text).not.toContain('PHI');
    expect(text).not.toContain('debug');
    expect(text).toBe(zod(leaky));
  });

  it('refuses, rather than writes, an object that may be null carrying a field it does not declare', () => {
    const leaky = { items: [{ ...item, myResponse: { note: null, requestedRates: { evaluation: 150 } } }], nextCursor: null, total: 1 };
    expect(() => compiled(leaky)).toThrow(/myResponse/);
  });

  it('refuses an answer missing a required field', () => {
    const { status: _status, ...withoutStatus } = item;
    expect(() => compiled({ items: [withoutStatus], nextCursor: null, total: 1 })).toThrow(/status/);
  });

  it('takes only zod schemas', () => {
    expect(() => compiledSerializer({ ...route, schema: { type: 'object' } } as never)).toThrow(/zod/);
  });
});
