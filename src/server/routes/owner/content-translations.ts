import type { FastifyPluginAsync } from 'fastify';
import {
  translationMarkBodySchema,
  translationReportResponseSchema,
} from '../../../shared/schemas/content-translations.js';
import {
  addContent,
  EMPTY_TRANSLATION_HISTORY,
  type TranslationHistory,
  translationReport,
} from '../../../shared/translation-report.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { contentDraft, latestContentVersionNumber } from '../../repositories/content-repository.js';
import {
  contentVersionsAfter,
  MAX_TRANSLATION_MARKS,
  setTranslationMark,
  translationMarks,
} from '../../repositories/translation-repository.js';
import { settingRoutes } from './setting-routes.js';

/** Versions are about 45 KB of JSON each: a long history is read this many at a time. */
const VERSIONS_PER_READ = 20;

/**
 * The studio's translation report, inside the owner scope: per section, the draft's translated
 * fields missing in a language or possibly out of date in one (their text last changed before
 * another language's was edited, over every published version and then the draft), and the owner's
 * "same in every language" marks, which leave a field out of the report.
 */
export const contentTranslationRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  // Published versions are never changed, so their history is read once per process and then only
  // extended by the versions published since: a request reads one version number and the draft.
  let published: { upTo: number; history: TranslationHistory } = { upTo: 0, history: EMPTY_TRANSLATION_HISTORY };

  async function publishedHistory(): Promise<{ upTo: number; history: TranslationHistory }> {
    const latest = (await latestContentVersionNumber(db)) ?? 0;
    let { upTo, history } = published;
    while (upTo < latest) {
      const versions = await contentVersionsAfter(db, upTo, VERSIONS_PER_READ);
      if (versions.length === 0) break;
      for (const version of versions) {
        history = addContent(history, version.content);
        upTo = version.number;
      }
    }
    // Two requests at once may both have read on; either result is the same history.
    if (upTo > published.upTo) published = { upTo, history };
    return { upTo, history };
  }

  /** The report for the draft (the published content when there is no draft). */
  async function report() {
    const [{ upTo, history }, draft, marks] = await Promise.all([
      publishedHistory(),
      contentDraft(db),
      translationMarks(db),
    ]);
    const current = draft
      ? addContent(history, draft.content)
      : upTo === 0
        ? addContent(history, app.contentState.current.content)
        : history;
    return translationReport(current, marks);
  }

  settingRoutes(app, {
    path: '/owner/content/translations',
    response: translationReportResponseSchema,
    current: report,
    get: {
      tags: ['content'],
      summary: "The draft's translation report",
      description:
        'Per section, each translated field missing in a language (while another has a text), or whose text in a language last changed before another language was edited ("may be out of date"), over every published version and then the draft. Fields marked "same in every language" are listed apart and not reported.',
    },
    put: {
      path: '/owner/content/translations/marks',
      tags: ['content'],
      summary: 'Mark a field "same in every language" (a name, a number), or unmark it',
      description:
        'The field by its key in the report (`identity.first_name`, `portfolio.items[shop].title`). Answers the report as it is now.',
      body: translationMarkBodySchema,
      errors: [422],
      save: async ({ key, same }) => {
        if (same) {
          const marks = await translationMarks(db);
          if (!marks.has(key) && marks.size >= MAX_TRANSLATION_MARKS) {
            throw new AppError(422, 'validation_failed', `At most ${MAX_TRANSLATION_MARKS} fields can be marked`, [
              { field: 'key', code: 'too_big' },
            ]);
          }
        }
        await setTranslationMark(db, key, same);
      },
    },
  });
};
