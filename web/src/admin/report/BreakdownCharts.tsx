import { lazy } from 'react';
import type { AdminReport, ReportBreakdown } from '@kosh/contracts/admin-report';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { NearViewport } from '../../ui/NearViewport.tsx';
import type { Row } from './BarsPlot.tsx';
import { ChartCard, NoData } from './ChartCard.tsx';
import { CHART_MARGIN, formatCount } from './report-format.ts';

// Recharts is most of the report's code: it loads as the first chart nears the screen.
const BarsPlot = lazy(() => import('./BarsPlot.tsx'));

const ROW_PX = 28;

/** Horizontal bars, one row per value, the longest first. */
function Bars({ title, rows, isBytes }: { title: string; rows: Row[]; isBytes?: boolean }) {
  const height = rows.length * ROW_PX + 32;
  return (
    <div className="w-full" style={{ height }} data-testid="report-chart">
      <NearViewport className="size-full" margin={CHART_MARGIN}>
        <BarsPlot title={title} rows={rows} isBytes={isBytes} height={height} />
      </NearViewport>
    </div>
  );
}

/** Labels of the file types (contracts FILE_TYPES). */
const TYPE_LABELS: Record<string, string> = {
  image: 'Images',
  video: 'Videos',
  audio: 'Audio',
  text: 'Text',
  pdf: 'PDF',
  archive: 'Archives',
  word: 'Documents',
  spreadsheet: 'Spreadsheets',
  powerPoint: 'Presentations',
  default: 'Other files',
};

/** Space by file type, taken now (trash included). */
export function SpaceByTypeChart({ report }: { report: AdminReport }) {
  const { trans, language } = useTrans();
  const rows = report.space_by_type.map((t) => ({
    name: trans(TYPE_LABELS[t.type] ?? t.type),
    value: t.bytes,
    detail: trans(t.files === 1 ? ':count file' : ':count files', { count: formatCount(t.files, language) }),
  }));
  const title = trans('Space by file type');
  return (
    <ChartCard title={title} subtitle={trans('Now, trash included')}>
      {rows.length ? <Bars title={title} rows={rows} isBytes /> : <NoData className="h-40" />}
    </ChartCard>
  );
}

/** Users per country, browser or platform over the sessions active in the period. */
function BreakdownChart({ title, breakdown }: { title: string; breakdown: ReportBreakdown }) {
  const { trans } = useTrans();
  const rows: Row[] = breakdown.items.map((item) => ({ name: item.name ?? trans('Unknown'), value: item.users }));
  if (breakdown.other) rows.push({ name: trans('Other'), value: breakdown.other });
  return (
    <ChartCard title={title}>
      {rows.length ? <Bars title={title} rows={rows} /> : <NoData className="h-40" />}
    </ChartCard>
  );
}

/** Countries, browsers and platforms side by side on wide screens. */
export function AudienceCharts({ report }: { report: AdminReport }) {
  const { trans } = useTrans();
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      <BreakdownChart title={trans('Users by country')} breakdown={report.countries} />
      <BreakdownChart title={trans('Users by browser')} breakdown={report.browsers} />
      <BreakdownChart title={trans('Users by platform')} breakdown={report.platforms} />
    </div>
  );
}
