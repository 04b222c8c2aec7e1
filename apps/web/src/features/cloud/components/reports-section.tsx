import type { AvailabilityReport, ResponseTimeReport } from '@portico/contracts';
import type { ReactNode } from 'react';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Format } from '../../../lib/format/format.js';
import { useFormat } from '../../../lib/format/use-format.js';
import { CardTable } from '../../../components/ui/card-table/card-table.js';
import { QueryErrorState } from '../../../components/ui/error-state/error-state.js';
import { useT } from '../../../lib/labels/use-t.js';
import { cloudFiles, useDownloadCloudFile } from '../api/cloud-files.js';
import { useAvailabilityReport, useResponseTimeReport } from '../api/cloud-queries.js';
import { SecondaryButton } from '../../../components/ui/button/secondary-button.js';

/** Series colours; CSS (cloud.css) may override them through --portico-chart-N. */
const SERIES = ['#0b5cad', '#b3541e', '#2e7d32', '#6a1b9a', '#00696f'];
const seriesColour = (index: number): string => SERIES[index % SERIES.length] ?? '#0b5cad';
const CHART_HEIGHT = 320;

type Report = 'availability' | 'response-times';

/** recharts' data: one row a month, one column per instance holding `valueOf` its point. */
function chartRows<Point extends { month: string }>(
  report: { months: string[]; instances: { id: string; points: Point[] }[] },
  format: Format,
  valueOf: (point: Point) => number,
): Record<string, string | number>[] {
  return report.months.map((month) => {
    const row: Record<string, string | number> = { month: format.month(month) };
    for (const instance of report.instances) {
      const point = instance.points.find((p) => p.month === month);
      if (point) row[instance.id] = valueOf(point);
    }
    return row;
  });
}

/** One line per instance, in the series' colours (elements, as recharts reads its children). */
function seriesLines(
  instances: readonly { id: string; name: string }[],
  nameOf: (instance: { id: string; name: string }) => string,
) {
  return instances.map((instance, index) => (
    <Line
      key={instance.id}
      type="monotone"
      dataKey={instance.id}
      name={nameOf(instance)}
      stroke={seriesColour(index)}
      strokeWidth={2}
      className={`cloud-chart__series-${index % SERIES.length}`}
      isAnimationActive={false}
    />
  ));
}

function Downloads({ report }: { report: Report }) {
  const t = useT();
  const download = useDownloadCloudFile();
  const name = t(`cloud.reports.${report}`);
  return (
    <div className="cloud__downloads">
      {(['xlsx', 'csv'] as const).map((format) => (
        <SecondaryButton
          key={format}
          onClick={() => {
            if (!download.isPending) download.mutate(cloudFiles.report(report, format));
          }}
        >
          {t(`cloud.reports.download.${format}`, { report: name })}
        </SecondaryButton>
      ))}
    </div>
  );
}

/** One report: its heading, introduction and downloads, then its figures (`children`). */
function ReportSection({ report, children }: { report: Report; children: ReactNode }) {
  const t = useT();
  const id = `report-${report}`;
  return (
    <section className="cloud__section" aria-labelledby={id}>
      <h2 id={id}>{t(`cloud.reports.${report}`)}</h2>
      <p>{t(`cloud.reports.${report}.intro`)}</p>
      <Downloads report={report} />
      {children}
    </section>
  );
}

interface MonthlyChartProps {
  /** The picture's name (the table after it is the accessible form). */
  label: string;
  rows: Record<string, string | number>[];
  /** The value axis: how a tick reads, and its range where it does not start at 0. */
  axis: { format: (value: number) => string; domain?: [number, number] };
  tooltip: (value: number) => string;
  /** Reference lines under the series (an SLA). */
  marks?: ReactNode;
  /** The series (seriesLines). */
  lines: ReactNode;
}

/** A report's monthly line chart: one line per instance, a month a point. */
function MonthlyChart({ label, rows, axis, tooltip, marks, lines }: MonthlyChartProps) {
  return (
    // The chart is a picture for sighted users; the table after it is the accessible form.
    <div className="cloud-chart" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        <LineChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 24, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" className="cloud-chart__grid" />
          <XAxis dataKey="month" className="cloud-chart__axis" />
          <YAxis
            {...(axis.domain ? { domain: axis.domain } : {})}
            tickFormatter={axis.format}
            width={72}
            className="cloud-chart__axis"
          />
          <Tooltip formatter={(value) => tooltip(Number(value))} />
          <Legend />
          {marks}
          {lines}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

function AvailabilityChart({ report, format }: { report: AvailabilityReport; format: Format }) {
  const t = useT();
  const values = report.instances.flatMap((i) => i.points.map((p) => p.availabilityPercent));
  const slas = [...new Set(report.instances.map((i) => i.slaPercent))];
  const floor = Math.floor(Math.min(99, ...values, ...slas) * 10) / 10;
  return (
    <MonthlyChart
      label={t('cloud.reports.availability.chart')}
      rows={chartRows(report, format, (point) => point.availabilityPercent)}
      axis={{ format: (value) => format.percent(value, 1), domain: [floor, 100] }}
      tooltip={(value) => format.percent(value, 2)}
      marks={slas.map((sla) => (
        <ReferenceLine
          key={sla}
          y={sla}
          stroke="#b3261e"
          strokeDasharray="6 4"
          className="cloud-chart__sla"
          label={{
            value: t('cloud.reports.sla', { sla: format.number(sla, 1) }),
            position: 'insideBottomRight',
          }}
        />
      ))}
      lines={seriesLines(report.instances, (instance) => instance.name)}
    />
  );
}

function AvailabilityTable({ report, format }: { report: AvailabilityReport; format: Format }) {
  const t = useT();
  return (
    <CardTable
      name={{ caption: t('cloud.reports.availability.table') }}
      scrollerClassName="cloud__scroller"
      className="cloud__table cloud__table--numbers"
      testId="availability-table"
      head={
        <thead>
          <tr>
            <th scope="col">{t('cloud.reports.month')}</th>
            {report.instances.map((instance) => (
              <th key={instance.id} scope="col">
                {instance.name}{' '}
                <span className="cloud__muted">
                  ({t('cloud.reports.sla', { sla: format.number(instance.slaPercent, 1) })})
                </span>
              </th>
            ))}
          </tr>
        </thead>
      }
    >
      {report.months.map((month) => (
        <tr key={month} data-month={month}>
          <th scope="row">{format.month(month)}</th>
          {report.instances.map((instance) => {
            const point = instance.points.find((p) => p.month === month);
            return (
              <td
                key={instance.id}
                data-label={instance.name}
                className={point && !point.slaMet ? 'cloud__missed' : undefined}
              >
                {point ? format.number(point.availabilityPercent, 2) : '–'}
                {point && !point.slaMet && (
                  <span className="cloud__missed-text"> ({t('cloud.reports.sla.missed')})</span>
                )}
              </td>
            );
          })}
        </tr>
      ))}
    </CardTable>
  );
}

function ResponseTimes({ report, format }: { report: ResponseTimeReport; format: Format }) {
  const t = useT();
  return (
    <>
      <MonthlyChart
        label={t('cloud.reports.response-times.chart')}
        rows={chartRows(report, format, (point) => point.p50Ms)}
        axis={{ format: (value) => format.milliseconds(value) }}
        tooltip={(value) => format.milliseconds(value)}
        lines={seriesLines(report.instances, (instance) =>
          t('cloud.reports.p50', { name: instance.name }),
        )}
      />
      <CardTable
        name={{ caption: t('cloud.reports.response-times.table') }}
        scrollerClassName="cloud__scroller"
        className="cloud__table cloud__table--numbers"
        head={[
          t('cloud.reports.month'),
          ...report.instances.flatMap((instance) => [
            t('cloud.reports.p50', { name: instance.name }),
            t('cloud.reports.p95', { name: instance.name }),
          ]),
        ]}
      >
        {report.months.map((month) => (
          <tr key={month}>
            <th scope="row">{format.month(month)}</th>
            {report.instances.flatMap((instance) => {
              const point = instance.points.find((p) => p.month === month);
              return [
                <td
                  key={`${instance.id}-p50`}
                  data-label={t('cloud.reports.p50', { name: instance.name })}
                >
                  {point ? format.number(point.p50Ms) : '–'}
                </td>,
                <td
                  key={`${instance.id}-p95`}
                  data-label={t('cloud.reports.p95', { name: instance.name })}
                >
                  {point ? format.number(point.p95Ms) : '–'}
                </td>,
              ];
            })}
          </tr>
        ))}
      </CardTable>
    </>
  );
}

/**
 * §1 reports: monthly availability per instance against its SLA, as a chart with the same
 * figures in a table, and response times; both download as XLSX and CSV (§7).
 */
export function ReportsSection() {
  const t = useT();
  const format = useFormat();
  const availability = useAvailabilityReport();
  const responseTimes = useResponseTimeReport();
  // Each report fails on its own: its §8 text and retry stand where it would be (issue 27).
  const failed = [availability, responseTimes].filter((report) => report.isError);
  if (failed.length === 0 && (availability.isPending || responseTimes.isPending)) {
    return <p role="status">{t('cloud.loading')}</p>;
  }
  if (availability.data?.instances.length === 0) return <p role="status">{t('cloud.empty')}</p>;
  return (
    <>
      {availability.isError && <QueryErrorState query={availability} />}
      {responseTimes.isError && <QueryErrorState query={responseTimes} />}
      {availability.data && !availability.isError && (
        <ReportSection report="availability">
          <AvailabilityChart report={availability.data} format={format} />
          <AvailabilityTable report={availability.data} format={format} />
        </ReportSection>
      )}
      {responseTimes.data && !responseTimes.isError && (
        <ReportSection report="response-times">
          <ResponseTimes report={responseTimes.data} format={format} />
        </ReportSection>
      )}
    </>
  );
}
