import { describe, expect, it } from 'vitest';
import { bulkActions, INBOX_ACTIONS, INBOX_MOVES, isMoveAllowed, statesAllowedToMoveTo } from './inbox-moves.js';
import { MESSAGE_STATES } from './schemas/owner.js';

describe('the inbox moves', () => {
  it('offers from each state the actions the owner expects, in button order', () => {
    expect(INBOX_MOVES).toEqual({
      new: ['reply', 'mark_read', 'archive', 'spam', 'trash'],
      read: ['reply', 'mark_unread', 'archive', 'spam', 'trash'],
      replied: ['reply', 'mark_unread', 'archive', 'spam', 'trash'],
      archived: ['reply', 'move_to_inbox', 'spam', 'trash'],
      spam: ['not_spam', 'trash'],
      trash: ['restore'],
    });
  });

  it('never offers an action that leaves a message where it is', () => {
    for (const state of MESSAGE_STATES) {
      for (const action of INBOX_MOVES[state]) {
        if (action !== 'reply') expect(INBOX_ACTIONS[action], `${state}: ${action}`).not.toBe(state);
      }
    }
  });

  it('allows exactly the listed moves, and staying put', () => {
    expect(isMoveAllowed('archived', 'spam')).toBe(true);
    expect(isMoveAllowed('trash', 'archived')).toBe(false);
    expect(isMoveAllowed('trash', 'spam')).toBe(false);
    expect(isMoveAllowed('spam', 'replied')).toBe(false);
    expect(isMoveAllowed('spam', 'archived')).toBe(false);
    expect(isMoveAllowed('replied', 'read')).toBe(false);
    expect(isMoveAllowed('trash', 'trash')).toBe(true);
    expect(statesAllowedToMoveTo('read')).toEqual(['new', 'read', 'archived', 'spam', 'trash']);
    expect(statesAllowedToMoveTo('replied')).toEqual(['new', 'read', 'replied', 'archived']);
    // Everything can be deleted, and the trash only gives back.
    expect(statesAllowedToMoveTo('trash')).toEqual([...MESSAGE_STATES]);
  });

  it('offers a selection what all of it allows and some of it changes, never Reply', () => {
    expect(bulkActions([])).toEqual([]);
    expect(bulkActions(['new', 'new'])).toEqual(['mark_read', 'archive', 'spam', 'trash']);
    // Marking read what is partly read already is still a change for the rest.
    expect(bulkActions(['new', 'read'])).toEqual(['mark_read', 'mark_unread', 'archive', 'spam', 'trash']);
    expect(bulkActions(['new', 'replied'])).toEqual(['mark_unread', 'archive', 'spam', 'trash']);
    expect(bulkActions(['archived'])).toEqual(['move_to_inbox', 'spam', 'trash']);
    expect(bulkActions(['spam'])).toEqual(['not_spam', 'trash']);
    expect(bulkActions(['trash', 'trash'])).toEqual(['restore']);
  });
});
