import { type Compilable, CompiledQuery, type QueryResult } from 'kysely';
import { type Db, isPostgres } from './database';

/** Where each of a compiled statement's parameters comes from: a call's value, or a constant. */
type Slot = { value: number } | { constant: unknown };

interface Compiled {
  sql: string;
  slots: Slot[];
}

/** What a statement's builder gets in place of its `index`th value: a string no caller would pass. */
const placeholder = (index: number) => `\u0000trimtime:value:${index}\u0000`;

function compile(executor: Db, build: (db: Db, ...values: never[]) => Compilable<unknown>, count: number) {
  const placeholders = Array.from({ length: count }, (_, index) => placeholder(index));
  const query = build(executor, ...(placeholders as never[])).compile();
  const slots = query.parameters.map((parameter): Slot => {
    const index = typeof parameter === 'string' ? placeholders.indexOf(parameter) : -1;
    return index >= 0 ? { value: index } : { constant: parameter };
  });
  const missing = placeholders.findIndex(
    (_, index) => !slots.some((slot) => 'value' in slot && slot.value === index),
  );
  if (missing >= 0) {
    throw new Error(`prepared statement: value ${missing} is not one of the SQL’s parameters:\n${query.sql}`);
  }
  return { sql: query.sql, slots };
}

/**
 * A statement Kysely builds and compiles once per dialect, then runs with each call's values (issue
 * 34: building and compiling every statement was about a sixth of a booking request's CPU). `build`
 * gets a placeholder for each value, typed as the value, and must use each one as a bound value
 * (compared, set or inserted): one that does not come out as a parameter of the compiled SQL throws
 * at its first use. What the SQL's text depends on (an `in` list's length, an optional column) has
 * no place here. Runs on `executor`: the database or a transaction.
 */
export function prepared<Values extends unknown[], Row>(
  build: (db: Db, ...values: Values) => Compilable<Row>,
): (executor: Db, ...values: Values) => Promise<QueryResult<Row>> {
  const byDialect: { postgres?: Compiled; sqlite?: Compiled } = {};
  return async (executor, ...values) => {
    const dialect = isPostgres(executor) ? 'postgres' : 'sqlite';
    // biome-ignore lint/suspicious/noAssignInExpressions: compiled on first use
    const statement = (byDialect[dialect] ??= compile(executor, build as never, values.length));
    const parameters = statement.slots.map((slot) => ('value' in slot ? values[slot.value] : slot.constant));
    return executor.executeQuery<Row>(CompiledQuery.raw(statement.sql, parameters));
  };
}
