import type { Compilable, CompiledQuery, RawBuilder } from 'kysely';
import type { Database } from './database';
import { compileFor, prepareOnServer } from './pg-statement-names';

/** Stands for one argument (or one element of an array argument) while the query is built. */
class Slot {
  constructor(
    readonly name: string,
    readonly index: number | null,
  ) {}
}

type Args = Record<string, unknown>;

/** A builder's argument written into the statement's text (a page size, say): each value is a shape of its own. */
type Literals = ReadonlySet<string>;

/** Compiled shapes kept per query and dialect: array lengths can make many; past this the oldest go. */
const MAX_SHAPES = 256;

/**
 * The arguments as the builder sees them (a slot for each value, an array of slots for each array, nullish and
 * literals kept) and every slot handed out.
 */
function slotsFor<A extends Args>(args: A, literals: Literals): { slots: A; given: Slot[] } {
  const slots: Args = {};
  const given: Slot[] = [];
  for (const [name, value] of Object.entries(args)) {
    if (value === null || value === undefined || literals.has(name)) {
      slots[name] = value;
      continue;
    }
    const made = Array.isArray(value) ? value.map((_, i) => new Slot(name, i)) : [new Slot(name, null)];
    slots[name] = Array.isArray(value) ? made : made[0];
    given.push(...made);
  }
  return { slots: slots as A, given };
}

/** What the compiled statement depends on besides the values: array lengths, missing arguments and literals. */
function shapeOf(args: Args, literals: Literals) {
  let shape = '';
  for (const [name, value] of Object.entries(args)) {
    const missing = value === null || value === undefined;
    const kind = literals.has(name) ? `=${String(value)}` : missing ? '-' : Array.isArray(value) ? value.length : 'v';
    shape += `${name}:${kind},`;
  }
  return shape;
}

/** Slots among a statement's parameters: a parameter may be one, or an array of them (PostgreSQL `= any($1)`). */
const isSlotArray = (p: unknown): p is Slot[] => Array.isArray(p) && p.length > 0 && p.every((e) => e instanceof Slot);
const slotsIn = (parameters: readonly unknown[]) =>
  parameters.flatMap((p) => (p instanceof Slot ? [p] : isSlotArray(p) ? p : []));

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
 * branch on them; so are the arguments named in `literals`, which the builder sees as they are. An array may go to
 * the statement element by element (`in (…)`) or as one array parameter. Compiled statements are kept per dialect
 * and set of plugins (a transaction shares its database's).
 */
export function preparedQuery<A extends Args, O>(
  build: (db: Database, args: A) => Compilable<O> | RawBuilder<O>,
  options: { literals?: ReadonlyArray<keyof A & string> } = {},
) {
  const literals: Literals = new Set(options.literals ?? []);
  const compiledByDialect = new WeakMap<object, Map<string, CompiledQuery<O>>>();

  function compiledFor(db: Database, args: A) {
    const executor = db.getExecutor();
    let byShape = compiledByDialect.get(executor.adapter);
    if (!byShape) compiledByDialect.set(executor.adapter, (byShape = new Map()));
    const shape = `${pluginsKey(executor.plugins)} ${shapeOf(args, literals)}`;
    let compiled = byShape.get(shape);
    if (!compiled) {
      const { slots, given } = slotsFor(args, literals);
      const built = compileFor(db, build(db, slots));
      // A value the builder computed with instead of passing on would be baked into the statement: refuse it.
      const passed = new Set(slotsIn(built.parameters));
      const used = given.filter((slot) => passed.has(slot)).length;
      if (used !== given.length) throw new Error(`prepared query uses ${used} of its ${given.length} argument values`);
      prepareOnServer(built.sql);
      if (byShape.size >= MAX_SHAPES) byShape.delete(byShape.keys().next().value!);
      byShape.set(shape, (compiled = built));
    }
    return compiled;
  }

  return {
    /** Every row. */
    async execute(db: Database, args: A): Promise<O[]> {
      const compiled = compiledFor(db, args);
      const parameters = compiled.parameters.map((p) =>
        p instanceof Slot ? valueOf(args, p) : isSlotArray(p) ? p.map((slot) => valueOf(args, slot)) : p,
      );
      return (await db.executeQuery<O>({ ...compiled, parameters })).rows;
    },
    /** The first row, or undefined. */
    async takeFirst(db: Database, args: A): Promise<O | undefined> {
      return (await this.execute(db, args))[0];
    },
  };
}
