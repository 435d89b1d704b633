import type { LoadedStudy } from './indicator-registry.js';

/**
 * Each lazy built-in's code: its definition file and its convention variants (`definitions/tdx`,
 * `definitions/tradingview`). Separate dynamic imports, so the bundle keeps each study in a chunk
 * of its own (issue #12) and a page downloads only the studies it shows. This table is a chunk too,
 * loaded when the first of these studies is (lazy-indicator-registry.ts): a page showing only the
 * eager studies never fetches it.
 *
 * `paramOrder: (keyof Static<P>)[]` makes a typed definition unassignable to the erased one (see
 * `BUILTIN_INDICATORS`); each is well-formed, the cast only forgets its param types.
 */
function study(definition: unknown, variants?: Record<string, unknown>): LoadedStudy {
  return { definition, variants } as LoadedStudy;
}

/** The loader of each built-in study outside the entry, by id (its definition and its convention forms). */
export const BUILTIN_LOADERS: Readonly<Record<string, () => Promise<LoadedStudy>>> = {
  EMA: () => import('./definitions/ema.js').then((m) => study(m.emaIndicator)),
  WMA: () => import('./definitions/wma.js').then((m) => study(m.wmaIndicator)),
  DEMA: () => import('./definitions/dema.js').then((m) => study(m.demaIndicator)),
  TEMA: () => import('./definitions/tema.js').then((m) => study(m.temaIndicator)),
  TRIMA: () => import('./definitions/trima.js').then((m) => study(m.trimaIndicator)),
  KAMA: () => import('./definitions/kama.js').then((m) => study(m.kamaIndicator)),
  T3: () => import('./definitions/t3.js').then((m) => study(m.t3Indicator)),
  HMA: () => import('./definitions/hma.js').then((m) => study(m.hmaIndicator)),
  VWMA: () => import('./definitions/vwma.js').then((m) => study(m.vwmaIndicator)),
  BBI: () => import('./definitions/bbi.js').then((m) => study(m.bbiIndicator)),
  BOLL: () =>
    Promise.all([import('./definitions/boll.js'), import('./definitions/tdx/boll.js')]).then(([m, v0]) =>
      study(m.bollIndicator, { tdx: v0.tdxBollIndicator }),
    ),
  SAR: () => import('./definitions/sar.js').then((m) => study(m.sarIndicator)),
  KC: () =>
    Promise.all([import('./definitions/kc.js'), import('./definitions/tradingview/kc.js')]).then(([m, v0]) =>
      study(m.kcIndicator, { tradingview: v0.tradingviewKcIndicator }),
    ),
  DC: () => import('./definitions/dc.js').then((m) => study(m.dcIndicator)),
  ICHIMOKU: () => import('./definitions/ichimoku.js').then((m) => study(m.ichimokuIndicator)),
  SUPERTREND: () =>
    Promise.all([import('./definitions/supertrend.js'), import('./definitions/tradingview/supertrend.js')]).then(
      ([m, v0]) => study(m.supertrendIndicator, { tradingview: v0.tradingviewSupertrendIndicator }),
    ),
  VWAP: () => import('./definitions/vwap.js').then((m) => study(m.vwapIndicator)),
  RSI: () =>
    Promise.all([import('./definitions/rsi.js'), import('./definitions/tdx/rsi.js')]).then(([m, v0]) =>
      study(m.rsiIndicator, { tdx: v0.tdxRsiIndicator }),
    ),
  STOCH: () => import('./definitions/stoch.js').then((m) => study(m.stochIndicator)),
  STOCHRSI: () => import('./definitions/stochrsi.js').then((m) => study(m.stochrsiIndicator)),
  KDJ: () =>
    Promise.all([import('./definitions/kdj.js'), import('./definitions/tdx/kdj.js')]).then(([m, v0]) =>
      study(m.kdjIndicator, { tdx: v0.tdxKdjIndicator }),
    ),
  CCI: () =>
    Promise.all([import('./definitions/cci.js'), import('./definitions/tdx/cci.js')]).then(([m, v0]) =>
      study(m.cciIndicator, { tdx: v0.tdxCciIndicator }),
    ),
  WR: () =>
    Promise.all([import('./definitions/wr.js'), import('./definitions/tdx/wr.js')]).then(([m, v0]) =>
      study(m.wrIndicator, { tdx: v0.tdxWrIndicator }),
    ),
  ATR: () =>
    Promise.all([import('./definitions/atr.js'), import('./definitions/tradingview/atr.js')]).then(([m, v0]) =>
      study(m.atrIndicator, { tradingview: v0.tradingviewAtrIndicator }),
    ),
  NATR: () => import('./definitions/natr.js').then((m) => study(m.natrIndicator)),
  DMI: () =>
    Promise.all([import('./definitions/dmi.js'), import('./definitions/tdx/dmi.js')]).then(([m, v0]) =>
      study(m.dmiIndicator, { tdx: v0.tdxDmiIndicator }),
    ),
  AROON: () => import('./definitions/aroon.js').then((m) => study(m.aroonIndicator)),
  MFI: () => import('./definitions/mfi.js').then((m) => study(m.mfiIndicator)),
  OBV: () =>
    Promise.all([import('./definitions/obv.js'), import('./definitions/tdx/obv.js')]).then(([m, v0]) =>
      study(m.obvIndicator, { tdx: v0.tdxObvIndicator }),
    ),
  ROC: () =>
    Promise.all([import('./definitions/roc.js'), import('./definitions/tdx/roc.js')]).then(([m, v0]) =>
      study(m.rocIndicator, { tdx: v0.tdxRocIndicator }),
    ),
  MTM: () =>
    Promise.all([import('./definitions/mtm.js'), import('./definitions/tdx/mtm.js')]).then(([m, v0]) =>
      study(m.mtmIndicator, { tdx: v0.tdxMtmIndicator }),
    ),
  TRIX: () =>
    Promise.all([import('./definitions/trix.js'), import('./definitions/tdx/trix.js')]).then(([m, v0]) =>
      study(m.trixIndicator, { tdx: v0.tdxTrixIndicator }),
    ),
  ULTOSC: () => import('./definitions/ultosc.js').then((m) => study(m.ultoscIndicator)),
  CMO: () => import('./definitions/cmo.js').then((m) => study(m.cmoIndicator)),
  PPO: () => import('./definitions/ppo.js').then((m) => study(m.ppoIndicator)),
  AD: () => import('./definitions/ad.js').then((m) => study(m.adIndicator)),
  ADOSC: () => import('./definitions/adosc.js').then((m) => study(m.adoscIndicator)),
  BOP: () => import('./definitions/bop.js').then((m) => study(m.bopIndicator)),
  CMF: () => import('./definitions/cmf.js').then((m) => study(m.cmfIndicator)),
  AO: () =>
    Promise.all([import('./definitions/ao.js'), import('./definitions/tradingview/ao.js')]).then(([m, v0]) =>
      study(m.aoIndicator, { tradingview: v0.tradingviewAoIndicator }),
    ),
  PVT: () => import('./definitions/pvt.js').then((m) => study(m.pvtIndicator)),
  EMV: () =>
    Promise.all([
      import('./definitions/emv.js'),
      import('./definitions/tdx/emv.js'),
      import('./definitions/tradingview/emv.js'),
    ]).then(([m, v0, v1]) =>
      study(m.emvIndicator, { tdx: v0.tdxEmvIndicator, tradingview: v1.tradingviewEmvIndicator }),
    ),
  BIAS: () =>
    Promise.all([import('./definitions/bias.js'), import('./definitions/tdx/bias.js')]).then(([m, v0]) =>
      study(m.biasIndicator, { tdx: v0.tdxBiasIndicator }),
    ),
  PSY: () =>
    Promise.all([import('./definitions/psy.js'), import('./definitions/tdx/psy.js')]).then(([m, v0]) =>
      study(m.psyIndicator, { tdx: v0.tdxPsyIndicator }),
    ),
  VR: () =>
    Promise.all([import('./definitions/vr.js'), import('./definitions/tdx/vr.js')]).then(([m, v0]) =>
      study(m.vrIndicator, { tdx: v0.tdxVrIndicator }),
    ),
  BRAR: () =>
    Promise.all([import('./definitions/brar.js'), import('./definitions/tdx/brar.js')]).then(([m, v0]) =>
      study(m.brarIndicator, { tdx: v0.tdxBrarIndicator }),
    ),
  CR: () =>
    Promise.all([import('./definitions/cr.js'), import('./definitions/tdx/cr.js')]).then(([m, v0]) =>
      study(m.crIndicator, { tdx: v0.tdxCrIndicator }),
    ),
  DMA: () =>
    Promise.all([import('./definitions/dma.js'), import('./definitions/tdx/dma.js')]).then(([m, v0]) =>
      study(m.dmaIndicator, { tdx: v0.tdxDmaIndicator }),
    ),
  HV: () =>
    Promise.all([import('./definitions/hv.js'), import('./definitions/tradingview/hv.js')]).then(([m, v0]) =>
      study(m.hvIndicator, { tradingview: v0.tradingviewHvIndicator }),
    ),
};
