import { type PointerEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useElementWidth } from '../components/use-element-width.js';
import styles from './graph-chart.module.css';
import { type GraphPoint, graphMaximum } from './graph-data.js';
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
import { GraphTooltip } from './graph-tooltip.js';
import type { GraphText } from './use-graph-text.js';
import type { StatsFormat } from './use-stats-format.js';

const MARGIN = { top: 16, right: 16, bottom: 32 };
/** Room one label of the horizontal axis needs, in pixels. */
const LABEL_ROOM = { day: 88, hour: 56 };

interface GraphChartProps {
  points: GraphPoint[];
  hourly: boolean;
  text: GraphText;
  format: StatsFormat;
}

/**
 * The SVG: visitors as an area and a line, visits as a line, dashed where the last point is not
 * over yet; hovering shows a point's figures. The geometry is graph-drawing.ts's, from the frame's
 * measured width.
 */
export function GraphChart({ points, hourly, text, format }: GraphChartProps) {
  const idBase = useId().replace(/[^\w-]/g, '');
  const frame = useRef<HTMLDivElement>(null);
  // The SVG is drawn at the frame's real size, so its text stays crisp.
  const width = useElementWidth(frame);
  const [active, setActive] = useState<number | undefined>();
  // A new period has other points: the one under the pointer is forgotten.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `points` is the reason to reset, not read.
  useEffect(() => setActive(undefined), [points]);

  // A narrow phone gets a lower chart.
  const height = width < 480 ? 200 : 260;
  const ticks = useMemo(() => niceTicks(graphMaximum(points), height < 240 ? 3 : 4), [points, height]);
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
    <div ref={frame} className={styles.frame}>
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
          <title id={titleId}>{text.title}</title>
          <desc id={descriptionId}>{text.description}</desc>
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
                  {text.axisLabel(point)}
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
        <GraphTooltip
          point={activePoint}
          label={text.pointLabel(activePoint)}
          x={x(active)}
          width={width}
          format={format}
        />
      )}
    </div>
  );
}
