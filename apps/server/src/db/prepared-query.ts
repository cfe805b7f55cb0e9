import type { Compilable, CompiledQuery } from 'kysely';
import type { Database } from './database';
import { prepareOnServer } from './pg-statement-names';

/** Stands for one argument (or one element of an array argument) while the query is built. */
class Slot {
  constructor(
    readonly name: string,
    readonly index: number | null,
  ) {}
}

type Args = Record<string, unknown>;

/**
 * The arguments as the builder sees them (a slot for each value, an array of slots for each array, nullish kept) and
 * every slot handed out.
 */
function slotsFor<A extends Args>(args: A): { slots: A; given: Slot[] } {
  const slots: Args = {};
  const given: Slot[] = [];
  for (const [name, value] of Object.entries(args)) {
    if (value === null || value === undefined) {
      slots[name] = value;
      continue;
    }
    const made = Array.isArray(value) ? value.map((_, i) => new Slot(name, i)) : [new Slot(name, null)];
    slots[name] = Array.isArray(value) ? made : made[0];
    given.push(...made);
  }
  return { slots: slots as A, given };
}

/** What the compiled statement depends on besides the values: array lengths and which arguments are missing. */
function shapeOf(args: Args) {
  let shape = '';
  for (const [name, value] of Object.entries(args)) {
    shape += `${name}:${value === null || value === undefined ? '-' : Array.isArray(value) ? value.length : 'v'},`;
  }
  return shape;
}

const pluginIds = new WeakMap<object, number>();
let lastPluginId = 0;
/** Plugins transform a query as it compiles: a statement compiled under one set is kept for that set only. */
function pluginsKey(plugins: readonly object[]) {
  let key = '';
  for (const plugin of plugins) {
    let id = pluginIds.get(plugin);
    if (id === undefined) pluginIds.set(plugin, (id = ++lastPluginId));
    key += `${id}.`;
  }
  return key;
}

function valueOf(args: Args, slot: Slot) {
  const value = args[slot.name];
  return slot.index === null ? value : (value as unknown[])[slot.index];
}

/**
 * A Kysely query built and compiled once per shape, then run with new values: for statements on the hot path of a
 * request, where building, transforming (CamelCase) and compiling the query costs more than running it.
 * The builder must only pass its arguments on to Kysely (no arithmetic or tests on them other than presence): it
 * sees a placeholder for each value. Nullish arguments and array lengths are part of the shape, so a builder may
 * branch on them. Compiled statements are kept per dialect and set of plugins (a transaction shares its database's).
 */
export function preparedQuery<A extends Args, O>(build: (db: Database, args: A) => Compilable<O>) {
  const compiledByDialect = new WeakMap<object, Map<string, CompiledQuery<O>>>();

  function compiledFor(db: Database, args: A) {
    const executor = db.getExecutor();
    let byShape = compiledByDialect.get(executor.adapter);
    if (!byShape) compiledByDialect.set(executor.adapter, (byShape = new Map()));
    const shape = `${pluginsKey(executor.plugins)} ${shapeOf(args)}`;
    let compiled = byShape.get(shape);
    if (!compiled) {
      const { slots, given } = slotsFor(args);
      const built = build(db, slots).compile();
      // A value the builder computed with instead of passing on would be baked into the statement: refuse it.
      const used = given.filter((slot) => built.parameters.includes(slot)).length;
      if (used !== given.length) throw new Error(`prepared query uses ${used} of its ${given.length} argument values`);
      prepareOnServer(built.sql);
      byShape.set(shape, (compiled = built));
    }
    return compiled;
  }

  return {
    /** Every row. */
    async execute(db: Database, args: A): Promise<O[]> {
      const compiled = compiledFor(db, args);
      const parameters = compiled.parameters.map((p) => (p instanceof Slot ? valueOf(args, p) : p));
      return (await db.executeQuery<O>({ ...compiled, parameters })).rows;
    },
    /** The first row, or undefined. */
    async takeFirst(db: Database, args: A): Promise<O | undefined> {
      return (await this.execute(db, args))[0];
    },
  };
}
