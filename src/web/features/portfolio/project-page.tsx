import { BookOpen, Code, ExternalLink, Globe, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router';
import { HTML_LANG } from '../../../shared/locales.js';
import { APP_PATHS } from '../../../shared/paths.js';
import type { ProjectLinkKind } from '../../../shared/schemas/collections.js';
import type { ProjectView } from '../../../shared/schemas/entry-views.js';
import { type EntryRouteData, isEntryNotFound } from '../../shared/api/entry-data.js';
import { ContentPicture } from '../../shared/components/content-picture.js';
import { EntryArticle } from '../../shared/components/entry-article.js';
import { TagList } from '../../shared/components/tag-list.js';
import { NotFoundPage } from '../not-found/not-found-page.js';
import { EntryBody } from '../notes/entry-body.js';
import styles from './project-page.module.css';

const LINK_ICONS: Record<ProjectLinkKind, LucideIcon> = { live: Globe, code: Code, case_study: BookOpen };

/**
 * `/portfolio/<slug>` (issue 27): a project's own page, the address its card's dialog shows. A
 * portfolio item without a project entry has one too, made from the item.
 */
export function ProjectPage() {
  const data = useLoaderData<EntryRouteData<'project'>>();
  if (isEntryNotFound(data)) return <NotFoundPage />;
  return <Project project={data} />;
}

function Project({ project }: { project: ProjectView }) {
  const { t } = useTranslation();
  const lang = HTML_LANG[project.locale];
  return (
    <EntryArticle
      id="project-title"
      className={styles.project}
      locale={project.locale}
      back={{ to: APP_PATHS.portfolio, label: t('portfolio.all_projects') }}
      meta={
        // A group the portfolio lacks is not named (decision 030).
        <>
          {project.groupTitle !== undefined && <>{project.groupTitle} · </>}
          <span>{t('portfolio.year')}</span> {project.year}
        </>
      }
      title={project.title}
      summary={project.summary}
      header={
        <>
          {(project.role || project.stack.length > 0) && (
            <dl className={styles.facts}>
              {project.role && (
                <div>
                  <dt>{t('portfolio.role')}</dt>
                  <dd lang={lang}>{project.role}</dd>
                </div>
              )}
              {project.stack.length > 0 && (
                <div>
                  <dt>{t('portfolio.stack')}</dt>
                  <dd>
                    <TagList tags={project.stack} variant="filled" />
                  </dd>
                </div>
              )}
            </dl>
          )}
          {project.links.length > 0 && (
            <ul className={styles.links} aria-label={t('portfolio.links')}>
              {project.links.map((link, index) => {
                const Icon = LINK_ICONS[link.kind];
                return (
                  <li key={link.kind}>
                    <a
                      href={link.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={`button ${index === 0 ? 'button-primary' : 'button-ghost'}`}
                    >
                      <Icon size={18} aria-hidden="true" />
                      {t(`portfolio.link_${link.kind}`)}
                      <span className="visually-hidden"> {t('portfolio.opens_in_new_tab')}</span>
                      <ExternalLink size={16} aria-hidden="true" />
                    </a>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      }
      cover={
        project.cover === undefined
          ? undefined
          : {
              path: project.cover,
              alt: project.coverAlt ?? '',
              width: 1200,
              height: 900,
              sizes: '(max-width: 1000px) 100vw, 1000px',
            }
      }
      footer={
        <Link to={APP_PATHS.portfolio} className="button button-ghost">
          {t('portfolio.all_projects')}
        </Link>
      }
    >
      {project.html && <EntryBody html={project.html} locale={project.locale} />}
      {project.tags.length > 0 && <TagList tags={project.tags} />}
      {project.gallery.length > 0 && (
        <section className={styles.gallery} aria-labelledby="project-gallery-title">
          <h2 id="project-gallery-title">{t('portfolio.gallery')}</h2>
          <ul>
            {project.gallery.map((item) => (
              <li key={item.image}>
                <figure>
                  <ContentPicture
                    path={item.image}
                    sizes="(max-width: 700px) 100vw, 50vw"
                    largest={1600}
                    alt={item.caption}
                    width={1200}
                    height={900}
                    loading="lazy"
                    decoding="async"
                    lang={lang}
                  />
                  <figcaption lang={lang}>{item.caption}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      )}
    </EntryArticle>
  );
}
