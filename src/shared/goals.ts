/**
 * The goals the statistics count (docs/decisions/041-goals.md). Plain constants, free of zod, so the
 * visitor's outbound-click beacon in the first download stays a few lines.
 */
export const GOALS = ['cv', 'message', 'outbound'] as const;
export type Goal = (typeof GOALS)[number];

/** The dimensions each goal is broken down by, besides its total. */
export const GOAL_DIMENSIONS = ['languages', 'pages', 'targets'] as const;
export type GoalDimension = (typeof GOAL_DIMENSIONS)[number];

/** Where the web app sends an outbound click (with navigator.sendBeacon). */
export const GOAL_BEACON_PATH = '/api/v1/visitor/goal';

/** The longest outbound address the beacon sends and the server takes. */
export const MAX_GOAL_LINK_LENGTH = 500;

/** Goal visitors ÷ visitors, at most 1 (a CV link on another site brings downloads without a visit); 0 without visitors. */
export function conversionRate(goalVisitors: number, visitors: number): number {
  return visitors === 0 ? 0 : Math.min(1, goalVisitors / visitors);
}
