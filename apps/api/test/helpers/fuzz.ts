import fc from 'fast-check';

/** C0 control characters and DEL: PostgreSQL refuses NUL in text, so they once made 500s. */
export const CONTROL_CHARACTERS = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
  '\u007f',
];

/** A string with at least one control character (other than `allowed`) somewhere in it. */
export function withControlCharacter(allowed: readonly string[] = []) {
  const controlCharacter = fc.constantFrom(...CONTROL_CHARACTERS.filter((c) => !allowed.includes(c)));
  return fc
    .tuple(fc.string({ maxLength: 12 }), controlCharacter, fc.string({ maxLength: 12 }))
    .map(([before, character, after]) => `${before}${character}${after}`);
}

/** A field rewrite: drop it, or replace it. */
export const edit = (value: fc.Arbitrary<unknown>) =>
  fc.oneof(
    fc.constant({ drop: true as const }),
    value.map((v) => ({ drop: false as const, value: v })),
  );

/** JSON that is not an object: a body route must refuse it with a 4xx. */
export const jsonNotAnObject = fc
  .jsonValue({ maxDepth: 3 })
  .filter((v) => typeof v !== 'object' || v === null || Array.isArray(v));

export interface BadBodyOptions {
  /** A valid body; each generated body starts from a fresh copy of it. */
  valid: () => Record<string, unknown>;
  /** Fields of which one is always dropped or set to an `alwaysBad` value, so no body is valid. */
  required: string[];
  alwaysBad: fc.Arbitrary<unknown>;
  anyValue: fc.Arbitrary<unknown>;
  notAnObject?: fc.Arbitrary<unknown>;
  /** How much likelier a corrupted object is than a non-object body. */
  corruptedWeight?: number;
}

/** Bodies that can never be valid: a corrupted copy of a valid body, or not an object at all. */
export function badBody(options: BadBodyOptions): fc.Arbitrary<unknown> {
  const fields = Object.keys(options.valid());
  const corrupted = fc
    .record({
      forced: fc.constantFrom(...options.required),
      forcedEdit: edit(options.alwaysBad),
      others: fc.array(fc.tuple(fc.constantFrom(...fields), edit(options.anyValue)), {
        maxLength: fields.length,
      }),
      extra: fc.dictionary(fc.string({ maxLength: 10 }), fc.anything({ maxDepth: 2 }), { maxKeys: 3 }),
    })
    .map(({ forced, forcedEdit, others, extra }) => {
      const body: Record<string, unknown> = { ...extra, ...options.valid() };
      for (const [field, change] of [...others, [forced, forcedEdit] as const]) {
        if (change.drop) delete body[field];
        else body[field] = change.value;
      }
      return body;
    });
  return fc.oneof(
    { weight: options.corruptedWeight ?? 5, arbitrary: corrupted },
    { weight: 1, arbitrary: options.notAnObject ?? jsonNotAnObject },
  );
}
