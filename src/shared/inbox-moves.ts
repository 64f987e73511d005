import type { MessageState } from './schemas/owner.js';

/**
 * The inbox's moves: what each action does (the state it moves a message to) and, from each state,
 * which actions are allowed. The owner area offers exactly these, and the server refuses any other
 * state change, so the buttons and the API cannot disagree.
 */
export const INBOX_ACTIONS = {
  mark_read: 'read',
  mark_unread: 'new',
  reply: 'replied',
  archive: 'archived',
  move_to_inbox: 'read',
  spam: 'spam',
  not_spam: 'read',
  trash: 'trash',
  restore: 'read',
} as const satisfies Record<string, MessageState>;
export type InboxAction = keyof typeof INBOX_ACTIONS;

/**
 * From each state, the actions allowed, in the order the buttons show them. Reply is a move too (the
 * mail link marks the message replied); a message in spam or the trash is brought back first.
 */
export const INBOX_MOVES: Record<MessageState, readonly InboxAction[]> = {
  new: ['reply', 'mark_read', 'archive', 'spam', 'trash'],
  read: ['reply', 'mark_unread', 'archive', 'spam', 'trash'],
  replied: ['reply', 'mark_unread', 'archive', 'spam', 'trash'],
  archived: ['reply', 'move_to_inbox', 'spam', 'trash'],
  spam: ['not_spam', 'trash'],
  trash: ['restore'],
};

/**
 * Whether a message in state `from` may be moved to `to`. Staying where it is always may: asking
 * twice (a retried request, two tabs) is not an error.
 */
export function isMoveAllowed(from: MessageState, to: MessageState): boolean {
  return from === to || INBOX_MOVES[from].some((action) => INBOX_ACTIONS[action] === to);
}

/** The states from which a message may be moved to `to`. */
export function statesAllowedToMoveTo(to: MessageState): MessageState[] {
  return (Object.keys(INBOX_MOVES) as MessageState[]).filter((from) => isMoveAllowed(from, to));
}

/**
 * The actions for a selection in the bulk bar: those every selected message allows (or is already
 * at) and that change at least one of them. Reply writes to one person, so it is never offered here.
 */
export function bulkActions(states: readonly MessageState[]): InboxAction[] {
  return (Object.keys(INBOX_ACTIONS) as InboxAction[]).filter((action) => {
    const to = INBOX_ACTIONS[action];
    return (
      action !== 'reply' &&
      states.every((from) => from === to || INBOX_MOVES[from].includes(action)) &&
      states.some((from) => from !== to)
    );
  });
}
