import { Download } from 'lucide-react';
import {
  type CSSProperties,
  type PointerEvent,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import ownerStyles from '../owner.module.css';
import type { StatsData } from '../owner-api.js';
import { busiestPoint, type GraphPoint, graphMaximum, graphPoints } from './graph-data.js';
import {
  areaPath,
  labelIndexes,
  linePath,
  nearestIndex,
  niceTicks,
  type Position,
  pointX,
  scaleLinear,
  splitAtPartial,
} from './graph-drawing.js';
import { downloadText, seriesCsv, seriesFileName } from './series-csv.js';
import styles from './stats.module.css';
import type { StatsFormat } from './use-stats-format.js';

const MARGIN = { top: 16, right: 16, bottom: 32 };
/** Room one label of the horizontal axis needs, in pixels. */
const LABEL_ROOM = { day: 88, hour: 56 };

/** The element's width in CSS pixels, kept up to date: the SVG is drawn at its real size, so text stays crisp. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

interface GraphProps {
  stats: StatsData;
  format: StatsFormat;
}

/**
 * The main graph: visitors (the area) and visits (the line) per day, or per UTC hour for a single
 * day, as an SVG image with a title and a description, and the same points in a table for screen
 * readers and anyone who wants the exact numbers. Hovering shows a point's figures; nothing depends
 * on it, the table has them all.
 */
export function MainGraph({ stats, format }: GraphProps) {
  const { t } = useTranslation('owner');
  const idBase = useId().replace(/[^\w-]/g, '');
  const frame = useRef<HTMLDivElement>(null);
  const width = useWidth(frame);
  const [active, setActive] = useState<number | undefined>();

  const hourly = stats.interval === 'hour';
  const points = useMemo(() => graphPoints(stats.series, new Date()), [stats.series]);
  // A new period has other points: the one under the pointer is forgotten.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `points` is the reason to reset, not read.
  useEffect(() => setActive(undefined), [points]);
  const pointLabel = (point: GraphPoint) => (hourly ? format.hour(point.hour ?? 0) : format.day(point.day));
  const axisLabel = (point: GraphPoint) => (hourly ? format.hour(point.hour ?? 0) : format.shortDay(point.day));

  const title = hourly
    ? t('stats.graph.title_hourly', { day: format.day(stats.from) })
    : t('stats.graph.title', { period: format.range(stats.from, stats.to) });
  const busiest = busiestPoint(points);
  const description = busiest
    ? t('stats.graph.description', {
        visitors: format.number(stats.totals.visitors),
        visits: format.number(stats.totals.visits),
        busiest: pointLabel(busiest),
        busiestVisits: format.number(busiest.visits),
      })
    : t('stats.graph.description_empty');

  // Geometry, from the measured width: a narrow phone gets a lower chart.
  const height = width < 480 ? 200 : 260;
  const ticks = niceTicks(graphMaximum(points), height < 240 ? 3 : 4);
  const top = ticks.at(-1) ?? 1;
  const left = Math.max(...ticks.map((tick) => format.compact(tick).length)) * 7 + 14;
  const innerWidth = Math.max(1, width - left - MARGIN.right);
  const baseline = height - MARGIN.bottom;
  const y = scaleLinear(top, baseline, MARGIN.top);
  const x = (index: number) => pointX(index, points.length, left, innerWidth);
  const positions = (part: GraphPoint[], offset: number, key: 'visitors' | 'visits'): Position[] =>
    part.map((point, index) => [x(offset + index), y(point[key])]);

  const { full, partial } = splitAtPartial(points);
  const partialOffset = Math.max(0, points.length - partial.length);
  const maxLabels = Math.max(2, Math.floor(innerWidth / (hourly ? LABEL_ROOM.hour : LABEL_ROOM.day)));
  const labelled = labelIndexes(points.length, maxLabels);
  const activePoint = active === undefined ? undefined : points[active];

  function onPointerMove(event: PointerEvent<SVGRectElement>) {
    const bounds = event.currentTarget.ownerSVGElement?.getBoundingClientRect();
    if (bounds) setActive(nearestIndex(event.clientX - bounds.left, points.length, left, innerWidth));
  }

  const titleId = `${idBase}-title`;
  const descriptionId = `${idBase}-description`;
  const gradientId = `${idBase}-gradient`;

  return (
    <section className={`${styles.card} ${styles.graphCard}`} aria-labelledby={`${idBase}-heading`}>
      <div className={styles.cardHead}>
        <h2 id={`${idBase}-heading`}>{hourly ? t('stats.graph.heading_hourly') : t('stats.graph.heading')}</h2>
        <ul className={styles.legend}>
          <li>
            <span className={`${styles.swatch} ${styles.swatchVisitors}`} aria-hidden="true" />
            {t('stats.graph.visitors')}
          </li>
          <li>
            <span className={`${styles.swatch} ${styles.swatchVisits}`} aria-hidden="true" />
            {t('stats.graph.visits')}
          </li>
        </ul>
        <button
          type="button"
          className={ownerStyles.secondary}
          onClick={() => downloadText(seriesCsv(stats), seriesFileName(stats))}
        >
          <Download aria-hidden="true" size={18} />
          {t('stats.export')}
        </button>
      </div>

      <div ref={frame} className={styles.graphFrame}>
        {width > 0 && (
          <svg
            role="img"
            aria-labelledby={titleId}
            aria-describedby={descriptionId}
            width={width}
            height={height}
            viewBox={`0 0 ${width} ${height}`}
            className={styles.graph}
          >
            <title id={titleId}>{title}</title>
            <desc id={descriptionId}>{description}</desc>
            <defs>
              <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" className={styles.gradientTop} />
                <stop offset="100%" className={styles.gradientBottom} />
              </linearGradient>
            </defs>
            <g>
              {ticks.map((tick) => (
                <g key={tick}>
                  <line x1={left} x2={left + innerWidth} y1={y(tick)} y2={y(tick)} className={styles.gridLine} />
                  <text x={left - 10} y={y(tick)} dy="0.32em" textAnchor="end" className={styles.axisLabel}>
                    {format.compact(tick)}
                  </text>
                </g>
              ))}
              {labelled.map((index) => {
                const point = points[index];
                if (!point) return null;
                const anchor = points.length === 1 ? 'middle' : index === 0 ? 'start' : 'middle';
                return (
                  <text
                    key={point.hour ?? point.day}
                    x={x(index)}
                    y={height - 10}
                    textAnchor={anchor}
                    className={styles.axisLabel}
                  >
                    {axisLabel(point)}
                  </text>
                );
              })}
              <path d={areaPath(positions(points, 0, 'visitors'), baseline)} fill={`url(#${gradientId})`} />
              <path d={linePath(positions(full, 0, 'visits'))} className={styles.visitsLine} />
              <path
                d={linePath(positions(partial, partialOffset, 'visits'))}
                className={`${styles.visitsLine} ${styles.partialLine}`}
              />
              <path d={linePath(positions(full, 0, 'visitors'))} className={styles.visitorsLine} />
              <path
                d={linePath(positions(partial, partialOffset, 'visitors'))}
                className={`${styles.visitorsLine} ${styles.partialLine}`}
              />
              {/* A single point makes no line: it is drawn as dots. */}
              {points.length === 1 && points[0] && (
                <g>
                  <circle cx={x(0)} cy={y(points[0].visits)} r={4} className={styles.visitsDot} />
                  <circle cx={x(0)} cy={y(points[0].visitors)} r={4} className={styles.visitorsDot} />
                </g>
              )}
              {activePoint && active !== undefined && (
                <g>
                  <line x1={x(active)} x2={x(active)} y1={MARGIN.top} y2={baseline} className={styles.guide} />
                  <circle cx={x(active)} cy={y(activePoint.visits)} r={4.5} className={styles.visitsDot} />
                  <circle cx={x(active)} cy={y(activePoint.visitors)} r={4.5} className={styles.visitorsDot} />
                </g>
              )}
              <rect
                x={left}
                y={MARGIN.top}
                width={innerWidth}
                height={baseline - MARGIN.top}
                className={styles.pointerArea}
                onPointerMove={onPointerMove}
                onPointerLeave={() => setActive(undefined)}
              />
            </g>
          </svg>
        )}
        {activePoint && active !== undefined && (
          <div
            className={styles.tooltip}
            data-side={x(active) > width / 2 ? 'left' : 'right'}
            style={{ '--x': `${x(active)}px` } as CSSProperties}
            aria-hidden="true"
          >
            <strong>
              {pointLabel(activePoint)}
              {activePoint.partial && ` ${t('stats.graph.so_far')}`}
            </strong>
            <span>
              <span className={`${styles.swatch} ${styles.swatchVisitors}`} />
              {t('stats.graph.visitors')}: {format.number(activePoint.visitors)}
            </span>
            <span>
              <span className={`${styles.swatch} ${styles.swatchVisits}`} />
              {t('stats.graph.visits')}: {format.number(activePoint.visits)}
            </span>
          </div>
        )}
      </div>

      <p className={styles.graphNote}>
        {hourly ? t('stats.graph.hours_utc') : t('stats.graph.days_utc')}
        {partial.length > 0 && ` ${t('stats.graph.partial')}`}
      </p>

      <details className={styles.disclosure}>
        <summary>{t('stats.graph.show_table')}</summary>
        <table className={styles.dataTable}>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{hourly ? t('stats.graph.hour') : t('stats.graph.day')}</th>
              <th scope="col">{t('stats.graph.visitors')}</th>
              <th scope="col">{t('stats.graph.visits')}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.hour ?? point.day}>
                <th scope="row">
                  {pointLabel(point)}
                  {point.partial && ` ${t('stats.graph.so_far')}`}
                </th>
                <td>{format.number(point.visitors)}</td>
                <td>{format.number(point.visits)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
