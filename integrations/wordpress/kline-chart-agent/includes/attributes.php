<?php
/**
 * The documented attributes of both elements: what kses keeps in post content.
 *
 * @package KlineChartAgent
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Attributes of <kline-chart> an author may write. `style` stays for sites without a strict
 * Content-Security-Policy; `height` sizes the element where `style-src 'self'` refuses `style`.
 *
 * @return string[]
 */
function kline_chart_agent_chart_attributes() {
	return array(
		'id', 'class', 'style', 'title', 'symbol', 'period', 'source', 'src', 'indicators', 'theme', 'locale',
		'timezone', 'color-convention', 'toolbar', 'persist-key', 'agent', 'agent-tools', 'live', 'height',
	);
}

/**
 * Attributes of <chart-agent-panel> an author may write. Never `api-key`: a key in a post is
 * readable by every visitor.
 *
 * @return string[]
 */
function kline_chart_agent_panel_attributes() {
	return array(
		'id', 'class', 'style', 'title', 'for', 'base-url', 'model', 'read-only', 'session-store', 'max-steps',
		'locale', 'theme', 'session-key', 'debug', 'height',
	);
}
