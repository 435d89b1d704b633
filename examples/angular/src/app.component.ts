import { Component, CUSTOM_ELEMENTS_SCHEMA, ElementRef, ViewChild, computed, signal } from '@angular/core';
// The element for bundlers (Lit is deduplicated with the app's).
import 'kline-chart-agent/elements/kline-chart';
import type { KlineChart, KlineChartEventMap } from 'kline-chart-agent';
import { makeBars } from './bars.js';

@Component({
  selector: 'app-root',
  // <kline-chart> is a custom element: Angular binds [period] etc. as properties and (kline-change) as a listener.
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <main>
      <h1>kline-chart-agent · Angular</h1>
      <p>
        @for (p of periods; track p) {
          <button [id]="'period-' + p" [attr.aria-pressed]="period() === p" (click)="period.set(p)">{{ p }}</button>
        }
        <button id="theme" (click)="theme.set(theme() === 'light' ? 'dark' : 'light')">theme: {{ theme() }}</button>
        <button id="toggle" (click)="toggle()">{{ mounted() ? 'unmount' : 'mount' }}</button>
      </p>
      <pre id="state">{{ state() }}</pre>
      @if (mounted()) {
        <kline-chart
          #chart
          [symbol]="symbol()"
          [period]="period()"
          [theme]="theme()"
          style="display: block; height: 420px"
          (kline-ready)="onReady()"
          (kline-change)="onChange($event)"
          (kline-error)="onError($event)"
        ></kline-chart>
      }
    </main>
  `,
})
export class AppComponent {
  readonly periods = ['1d', '1w', '1M'];
  readonly symbol = signal('DEMO');
  readonly period = signal('1d');
  readonly theme = signal<'light' | 'dark'>('light');
  readonly mounted = signal(true);
  readonly mounts = signal(1);
  readonly events = signal({ ready: 0, change: 0, error: 0, lastAction: '', lastError: '' });
  readonly state = computed(() => JSON.stringify({
    symbol: this.symbol(), period: this.period(), theme: this.theme(), mounted: this.mounted(), mounts: this.mounts(), ...this.events(),
  }));

  /** Hand the host's bars to each new chart instance. */
  @ViewChild('chart') set chart(ref: ElementRef<KlineChart> | undefined) {
    ref?.nativeElement.setBars(makeBars());
  }

  onReady(): void {
    this.events.update((e) => ({ ...e, ready: e.ready + 1 }));
  }

  onChange(event: Event): void {
    const { detail } = event as KlineChartEventMap['kline-change'];
    // Chart → app: a toolbar click or an agent's tool call changed the period; the state follows.
    const next = (event.currentTarget as KlineChart).context.get()?.period;
    if (next) this.period.set(next);
    this.events.update((e) => ({ ...e, change: e.change + 1, lastAction: detail.action }));
  }

  onError(event: Event): void {
    const { detail } = event as KlineChartEventMap['kline-error'];
    this.events.update((e) => ({ ...e, error: e.error + 1, lastError: `${detail.code}: ${detail.message}` }));
  }

  toggle(): void {
    if (!this.mounted()) this.mounts.update((n) => n + 1);
    this.mounted.update((m) => !m);
  }
}
