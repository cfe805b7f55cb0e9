import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { ERROR_CODES } from '@accountry/shared/api-error';
import { SOCKET_EVENTS, SOCKET_MESSAGES, parseClientFrame, type Ref } from '@accountry/shared/socket-protocol';
import type { AuthUser } from '../plugins/auth';
import { send } from './socket-writes';

type FrameHandler<Ctx> = (ctx: Ctx, data: never) => Promise<unknown> | unknown;

function answerError(socket: WebSocket, ref: Ref | undefined, message: string, code?: string, fields?: object) {
  send(socket, { type: SOCKET_EVENTS.error, ref, data: { message, code, ...(fields ? { fields } : {}) } });
}

/** The client messages a socket may send, by type: each frame parsed, its handler run, and answered. */
export class SocketFrames<Ctx extends { user: AuthUser; socket: WebSocket }> {
  private readonly handlers = new Map<string, FrameHandler<Ctx>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  on(type: string, handler: FrameHandler<Ctx>) {
    this.handlers.set(type, handler);
  }

  /**
   * Runs one frame, `allowed` by its socket's message budget or refused for it, and answers it: with the handler's
   * result as an ack when the frame carries a ref, else with an error event. Never throws.
   */
  async run(ctx: Ctx, raw: string, allowed: boolean) {
    const { socket, user } = ctx;
    const frame = parseClientFrame(raw);
    if (!allowed) return answerError(socket, frame.ref, SOCKET_MESSAGES.tooMany, ERROR_CODES.tooManyRequests);
    if (!frame.ok) return answerError(socket, frame.ref, frame.message, frame.code, frame.fields);
    const handler = this.handlers.get(frame.type);
    if (!handler) return answerError(socket, frame.ref, SOCKET_MESSAGES.unknownType, ERROR_CODES.validation);
    try {
      const result = await handler(ctx, frame.data as never);
      if (frame.ref !== undefined) send(socket, { type: SOCKET_EVENTS.ack, ref: frame.ref, data: result ?? null });
    } catch (err) {
      const e = err as { message?: string; code?: string; statusCode?: number; fields?: Record<string, string> };
      const clientError = !!e?.statusCode && e.statusCode < 500;
      if (!clientError) this.log.error({ err, type: frame.type, userId: user.id }, 'socket handler failed');
      if (clientError) answerError(socket, frame.ref, e.message ?? SOCKET_MESSAGES.failed, e.code, e.fields);
      else answerError(socket, frame.ref, SOCKET_MESSAGES.failed, ERROR_CODES.internal);
    }
  }
}
