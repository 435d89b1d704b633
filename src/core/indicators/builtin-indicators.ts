import type { IndicatorDefinition } from './indicator-definition.js';
import { adIndicator } from './definitions/ad.js';
import { adoscIndicator } from './definitions/adosc.js';
import { aoIndicator } from './definitions/ao.js';
import { aroonIndicator } from './definitions/aroon.js';
import { atrIndicator } from './definitions/atr.js';
import { bbiIndicator } from './definitions/bbi.js';
import { biasIndicator } from './definitions/bias.js';
import { bollIndicator } from './definitions/boll.js';
import { bopIndicator } from './definitions/bop.js';
import { brarIndicator } from './definitions/brar.js';
import { cciIndicator } from './definitions/cci.js';
import { cmfIndicator } from './definitions/cmf.js';
import { cmoIndicator } from './definitions/cmo.js';
import { crIndicator } from './definitions/cr.js';
import { dcIndicator } from './definitions/dc.js';
import { demaIndicator } from './definitions/dema.js';
import { dmaIndicator } from './definitions/dma.js';
import { dmiIndicator } from './definitions/dmi.js';
import { emaIndicator } from './definitions/ema.js';
import { emvIndicator } from './definitions/emv.js';
import { hmaIndicator } from './definitions/hma.js';
import { hvIndicator } from './definitions/hv.js';
import { ichimokuIndicator } from './definitions/ichimoku.js';
import { kamaIndicator } from './definitions/kama.js';
import { kcIndicator } from './definitions/kc.js';
import { kdjIndicator } from './definitions/kdj.js';
import { maIndicator } from './definitions/ma.js';
import { macdIndicator } from './definitions/macd.js';
import { mfiIndicator } from './definitions/mfi.js';
import { mtmIndicator } from './definitions/mtm.js';
import { natrIndicator } from './definitions/natr.js';
import { obvIndicator } from './definitions/obv.js';
import { ppoIndicator } from './definitions/ppo.js';
import { psyIndicator } from './definitions/psy.js';
import { pvtIndicator } from './definitions/pvt.js';
import { rocIndicator } from './definitions/roc.js';
import { rsiIndicator } from './definitions/rsi.js';
import { sarIndicator } from './definitions/sar.js';
import { stochIndicator } from './definitions/stoch.js';
import { stochrsiIndicator } from './definitions/stochrsi.js';
import { supertrendIndicator } from './definitions/supertrend.js';
import { t3Indicator } from './definitions/t3.js';
import { temaIndicator } from './definitions/tema.js';
import { trimaIndicator } from './definitions/trima.js';
import { trixIndicator } from './definitions/trix.js';
import { ultoscIndicator } from './definitions/ultosc.js';
import { volIndicator } from './definitions/vol.js';
import { vrIndicator } from './definitions/vr.js';
import { vwapIndicator } from './definitions/vwap.js';
import { vwmaIndicator } from './definitions/vwma.js';
import { wmaIndicator } from './definitions/wma.js';
import { wrIndicator } from './definitions/wr.js';

/**
 * Every built-in study, in the order `indicators_list` shows them (overlays first, then panes).
 * Typed as the erased `IndicatorDefinition` because hosts handle them generically.
 */
export const BUILTIN_INDICATORS: readonly IndicatorDefinition[] = [
  // overlays
  maIndicator,
  emaIndicator,
  wmaIndicator,
  demaIndicator,
  temaIndicator,
  trimaIndicator,
  kamaIndicator,
  t3Indicator,
  hmaIndicator,
  vwmaIndicator,
  bbiIndicator,
  bollIndicator,
  sarIndicator,
  kcIndicator,
  dcIndicator,
  ichimokuIndicator,
  supertrendIndicator,
  vwapIndicator,
  // panes
  volIndicator,
  macdIndicator,
  rsiIndicator,
  stochIndicator,
  stochrsiIndicator,
  kdjIndicator,
  cciIndicator,
  wrIndicator,
  atrIndicator,
  natrIndicator,
  dmiIndicator,
  aroonIndicator,
  mfiIndicator,
  obvIndicator,
  rocIndicator,
  mtmIndicator,
  trixIndicator,
  ultoscIndicator,
  cmoIndicator,
  ppoIndicator,
  adIndicator,
  adoscIndicator,
  bopIndicator,
  cmfIndicator,
  aoIndicator,
  pvtIndicator,
  emvIndicator,
  biasIndicator,
  psyIndicator,
  vrIndicator,
  brarIndicator,
  crIndicator,
  dmaIndicator,
  hvIndicator,
  // `paramOrder: (keyof Static<P>)[]` makes P invariant, so a typed definition is not assignable to
  // the erased one; each entry is a well-formed definition, the cast only forgets its param types.
] as readonly unknown[] as readonly IndicatorDefinition[];
