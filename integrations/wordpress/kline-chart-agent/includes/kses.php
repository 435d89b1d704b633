<?php
/**
 * Keeps <kline-chart> and <chart-agent-panel> and their documented attributes when WordPress
 * filters post content (authors, contributors, and every role on a site with
 * DISALLOW_UNFILTERED_HTML). `api-key` is never allowed.
 *
 * @package KlineChartAgent
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * Adds both elements to the tags allowed in post content.
 *
 * @param array  $tags    Allowed tags and their attributes.
 * @param string $context The kses context.
 * @return array
 */
function kline_chart_agent_allowed_html( $tags, $context ) {
	if ( 'post' !== $context ) {
		return $tags;
	}
	$tags['kline-chart']       = array_fill_keys( kline_chart_agent_chart_attributes(), true );
	$tags['chart-agent-panel'] = array_fill_keys( kline_chart_agent_panel_attributes(), true );
	return $tags;
}
add_filter( 'wp_kses_allowed_html', 'kline_chart_agent_allowed_html', 10, 2 );
