/** Thrown by `TaskGate.run` when the member already has their share of tasks running or waiting. */
export class TaskGateFullError extends Error {
  constructor() {
    super('This member already has their share of tasks in the gate.');
  }
}

export interface TaskGateOptions {
  /** Tasks one member may have running or waiting at once; past it `run` throws `TaskGateFullError`. */
  perMember?: number;
}

interface Member {
  /** Tasks of this member running or waiting. */
  inGate: number;
  waiting: Array<() => void>;
  /** When this member's task last began (a turn number), -1 before it had one: the longest unserved goes next. */
  lastTurn: number;
}

/**
 * At most `limit` tasks run at once; the rest wait. For work that holds a lot of memory or CPU per task off the event
 * loop (decoding images), where a burst of requests must queue, not pile up. Members take turns: a freed slot goes to
 * the waiting member served longest ago, so one member's many tasks never hold back another's for more than a turn,
 * and each member holds at most `perMember` tasks (and their inputs) in the gate.
 */
export class TaskGate {
  private running = 0;
  private turns = 0;
  private readonly members = new Map<string, Member>();
  private readonly perMember: number;

  constructor(
    private readonly limit: number,
    options: TaskGateOptions = {},
  ) {
    this.perMember = options.perMember ?? Number.POSITIVE_INFINITY;
  }

  /** Run the task in its member's turn (`member` omitted: all such tasks are one member's, in arrival order). */
  async run<T>(task: () => Promise<T>, member = ''): Promise<T> {
    const m = this.members.get(member) ?? { inGate: 0, waiting: [], lastTurn: -1 };
    if (m.inGate >= this.perMember) throw new TaskGateFullError();
    this.members.set(member, m);
    m.inGate++;
    if (this.running >= this.limit) await new Promise<void>((resolve) => m.waiting.push(resolve));
    else this.running++;
    m.lastTurn = this.turns++;
    try {
      return await task();
    } finally {
      if (--m.inGate === 0) this.members.delete(member);
      this.passOn();
    }
  }

  /** The slot passes straight to the next waiter, so a newcomer cannot overtake those waiting. */
  private passOn() {
    let next: Member | null = null;
    for (const m of this.members.values()) if (m.waiting.length && (!next || m.lastTurn < next.lastTurn)) next = m;
    if (next) next.waiting.shift()!();
    else this.running--;
  }

  /** Tasks queued behind the running ones. */
  get queued() {
    let n = 0;
    for (const m of this.members.values()) n += m.waiting.length;
    return n;
  }
}
