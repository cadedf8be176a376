/** Error keys of replays of a recorded session (server/replay; see error-keys.ts). */
export const REPLAY_ERROR_KEYS = [
  /** The day asked for has no record (never recorded, or past the retention). */
  'REPLAY_SESSION_NOT_FOUND',
  /** A symbol that was not recorded on that day. */
  'REPLAY_SYMBOL_NOT_RECORDED',
  /** More symbols than a replay takes ({max}). */
  'REPLAY_SYMBOLS_CAP',
  /** One running replay per user: end it before starting another. */
  'REPLAY_ALREADY_RUNNING',
  /** No running replay of the user's under that id. */
  'REPLAY_NOT_FOUND',
  /** A jump to before the replay's last fill ({time}), or outside the session. */
  'REPLAY_JUMP_INVALID',
  /** More resting orders than a replay's paper account takes ({max}). */
  'REPLAY_ORDERS_CAP',
] as const;
