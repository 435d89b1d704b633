import { useCallback, useState } from 'react';
// The element for bundlers (Lit is deduplicated with the app's); the JSX types of <kline-chart>.
import 'kline-chart-agent/elements/kline-chart';
import type {} from 'kline-chart-agent/react';
import type { KlineChart, KlineChartEventMap } from 'kline-chart-agent';
import { makeBars } from './bars.js';

const PERIODS = ['1d', '1w', '1M'] as const;

export function App() {
  const [symbol] = useState('DEMO');
  const [period, setPeriod] = useState('1d');
  const [theme, setTheme] = useState<'light' | 'dark'>('light');
  const [mounted, setMounted] = useState(true);
  const [mounts, setMounts] = useState(1);
  const [events, setEvents] = useState({ ready: 0, change: 0, error: 0, lastAction: '', lastError: '' });

  // A callback ref: hand the host's bars to each new chart instance.
  const chartRef = useCallback((chart: KlineChart | null) => {
    chart?.setBars(makeBars());
  }, []);

  const onReady = () => setEvents((e) => ({ ...e, ready: e.ready + 1 }));
  const onChange = (event: KlineChartEventMap['kline-change']) => {
    // Chart → app: a toolbar click or an agent's tool call changed the period; the state follows.
    const next = (event.currentTarget as KlineChart).context.get()?.period;
    if (next) setPeriod(next);
    setEvents((e) => ({ ...e, change: e.change + 1, lastAction: event.detail.action }));
  };
  const onError = (event: KlineChartEventMap['kline-error']) =>
    setEvents((e) => ({ ...e, error: e.error + 1, lastError: `${event.detail.code}: ${event.detail.message}` }));

  const toggle = () => {
    setMounted((m) => !m);
    if (!mounted) setMounts((n) => n + 1);
  };

  return (
    <main>
      <h1>kline-chart-agent · React</h1>
      <p>
        {PERIODS.map((p) => (
          <button key={p} id={`period-${p}`} onClick={() => setPeriod(p)} aria-pressed={period === p}>{p}</button>
        ))}
        <button id="theme" onClick={() => setTheme((t) => (t === 'light' ? 'dark' : 'light'))}>theme: {theme}</button>
        <button id="toggle" onClick={toggle}>{mounted ? 'unmount' : 'mount'}</button>
      </p>
      <pre id="state">{JSON.stringify({ symbol, period, theme, mounted, mounts, ...events })}</pre>
      {mounted && (
        <kline-chart
          ref={chartRef}
          symbol={symbol}
          period={period}
          theme={theme}
          style={{ display: 'block', height: '420px' }}
          onkline-ready={onReady}
          onkline-change={onChange}
          onkline-error={onError}
        />
      )}
    </main>
  );
}
