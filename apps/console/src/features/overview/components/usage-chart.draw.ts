import type { UsageDay } from '@lead-engine/contracts/console';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { DAY_SERIES, formatDay } from './usage-kinds';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/**
 * Draws the days as stacked bars, one series per kind, refunds below zero. Loaded by a dynamic import
 * from the Overview only, so that chart.js stays out of every other page.
 */
export function drawUsageChart(canvas: HTMLCanvasElement, days: UsageDay[]): { destroy: () => void } {
  return new Chart(canvas, {
    type: 'bar',
    data: {
      labels: days.map((day) => formatDay(day.day)),
      datasets: DAY_SERIES.map((series) => ({
        label: series.label,
        data: days.map((day) => (series.key === 'refunds' ? -day.refunds : day[series.key])),
        backgroundColor: series.colour,
        borderColor: series.colour,
        stack: 'credits',
      })),
    },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: { stacked: true, ticks: { color: '#495057', maxRotation: 0, autoSkipPadding: 8 }, grid: { display: false } },
        y: {
          stacked: true,
          ticks: { color: '#495057', precision: 0 },
          title: { display: true, text: 'Credits', color: '#495057' },
        },
      },
      plugins: {
        legend: { position: 'bottom', labels: { color: '#212529', boxWidth: 14 } },
        tooltip: {
          callbacks: {
            label: (item) => `${item.dataset.label}: ${Math.abs(Number(item.raw))}`,
          },
        },
      },
    },
  });
}
