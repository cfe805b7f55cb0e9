import {
  BinaryOperationNode,
  ColumnNode,
  OperationNodeTransformer,
  PrimitiveValueListNode,
  ReferenceNode,
  ValueListNode,
  ValueNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type Selectable,
  type UnknownRow,
} from 'kysely';
import type { DB } from './schema';

/** Every value any table's `status` column may hold, from the schema's types. */
type StatusWord = { [T in keyof DB]: Selectable<DB[T]> extends { status: infer S } ? S : never }[keyof DB];

// Both ways: a status added to the schema fails the typecheck until it is listed here, and so does a word no table has.
const WORDS = [
  'active',
  'canceled',
  'draft',
  'expired',
  'hidden',
  'reserved',
  'sold',
  'unresolved',
  'resolved',
  'open',
  'in_progress',
  'pending',
  'sending',
  'sent',
  'failed',
  'paid',
  'rejected',
  'won',
  'lost',
  'refused',
  'settled',
  'pending_payment',
  'delivered',
  'protection',
  'disputed',
  'completed',
  'refunded',
  'countered',
  'accepted',
  'declined',
  'withdrawn',
  'used',
  'closed',
] as const satisfies readonly StatusWord[];
type Listed = (typeof WORDS)[number];
const everyStatusListed: [StatusWord] extends [Listed] ? true : { missing: Exclude<StatusWord, Listed> } = true;
void everyStatusListed;

const STATUS_WORDS: ReadonlySet<string> = new Set(WORDS);

const isStatusColumn = (node: OperationNode) => {
  const column = ReferenceNode.is(node) ? node.column : node;
  return ColumnNode.is(column) && column.column.name === 'status';
};

const isStatusWord = (node: OperationNode): node is ValueNode =>
  ValueNode.is(node) && !node.immediate && typeof node.value === 'string' && STATUS_WORDS.has(node.value);

const written = (value: unknown) => ValueNode.createImmediate(value);

class StatusLiteralsTransformer extends OperationNodeTransformer {
  protected override transformBinaryOperation(node: BinaryOperationNode): BinaryOperationNode {
    const transformed = super.transformBinaryOperation(node);
    if (!isStatusColumn(transformed.leftOperand)) return transformed;
    const right = transformed.rightOperand;
    if (isStatusWord(right)) return { ...transformed, rightOperand: written(right.value) };
    if (PrimitiveValueListNode.is(right) && right.values.every((v) => typeof v === 'string' && STATUS_WORDS.has(v)))
      return { ...transformed, rightOperand: ValueListNode.create(right.values.map(written)) };
    if (ValueListNode.is(right) && right.values.every(isStatusWord))
      return { ...transformed, rightOperand: ValueListNode.create(right.values.map((v) => written(v.value))) };
    return transformed;
  }
}

/**
 * A `status` compared with one of the schema's status words is written into the statement instead of bound
 * (decision 230). Partial indexes name statuses (`where status = 'active'`); SQLite can use one for `status = ?`
 * only by looking at the bound value, and then compiles the statement again each time a value is bound (every run:
 * ~60 µs for an admin listing page, about half its cost). PostgreSQL's generic plan for a named statement cannot
 * use such an index at all. The words are a closed list, so each query has a handful of texts at most.
 */
export class StatusLiteralsPlugin implements KyselyPlugin {
  private readonly transformer = new StatusLiteralsTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
