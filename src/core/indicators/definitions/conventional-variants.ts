import type { IndicatorConvention } from '../indicator-convention.js';
import type { IndicatorDefinition } from '../indicator-definition.js';
import { tdxBiasIndicator } from './tdx/bias.js';
import { tdxBollIndicator } from './tdx/boll.js';
import { tdxBrarIndicator } from './tdx/brar.js';
import { tdxCciIndicator } from './tdx/cci.js';
import { tdxCrIndicator } from './tdx/cr.js';
import { tdxDmaIndicator } from './tdx/dma.js';
import { tdxDmiIndicator } from './tdx/dmi.js';
import { tdxEmvIndicator } from './tdx/emv.js';
import { tdxKdjIndicator } from './tdx/kdj.js';
import { tdxMacdIndicator } from './tdx/macd.js';
import { tdxMtmIndicator } from './tdx/mtm.js';
import { tdxObvIndicator } from './tdx/obv.js';
import { tdxPsyIndicator } from './tdx/psy.js';
import { tdxRocIndicator } from './tdx/roc.js';
import { tdxRsiIndicator } from './tdx/rsi.js';
import { tdxSarIndicator } from './tdx/sar.js';
import { tdxTrixIndicator } from './tdx/trix.js';
import { tdxVrIndicator } from './tdx/vr.js';
import { tdxWrIndicator } from './tdx/wr.js';
import { tradingviewAoIndicator } from './tradingview/ao.js';
import { tradingviewAtrIndicator } from './tradingview/atr.js';
import { tradingviewEmvIndicator } from './tradingview/emv.js';
import { tradingviewHvIndicator } from './tradingview/hv.js';
import { tradingviewKcIndicator } from './tradingview/kc.js';
import { tradingviewMacdIndicator } from './tradingview/macd.js';
import { tradingviewSupertrendIndicator } from './tradingview/supertrend.js';

/**
 * Built-in definitions that differ by convention, registered beside the TA-Lib ones (same ids).
 * A study with no variant for a convention uses its TA-Lib definition. Typed as the erased
 * definition for the same reason as `BUILTIN_INDICATORS`.
 */
export const CONVENTIONAL_VARIANTS: Readonly<
  Record<Exclude<IndicatorConvention, 'ta-lib'>, readonly IndicatorDefinition[]>
> = {
  tdx: [
    tdxMacdIndicator,
    tdxKdjIndicator,
    tdxRsiIndicator,
    tdxBollIndicator,
    tdxWrIndicator,
    tdxDmiIndicator,
    tdxObvIndicator,
    tdxRocIndicator,
    tdxCciIndicator,
    tdxBiasIndicator,
    tdxBrarIndicator,
    tdxCrIndicator,
    tdxDmaIndicator,
    tdxEmvIndicator,
    tdxMtmIndicator,
    tdxPsyIndicator,
    tdxTrixIndicator,
    tdxVrIndicator,
    tdxSarIndicator,
  ] as readonly unknown[] as readonly IndicatorDefinition[],
  tradingview: [
    tradingviewMacdIndicator,
    tradingviewAtrIndicator,
    tradingviewKcIndicator,
    tradingviewSupertrendIndicator,
    tradingviewEmvIndicator,
    tradingviewHvIndicator,
    tradingviewAoIndicator,
  ] as readonly unknown[] as readonly IndicatorDefinition[],
};
