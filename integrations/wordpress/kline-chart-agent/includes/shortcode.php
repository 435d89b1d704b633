<?php
/**
 * [kline_chart symbol="BTCUSDT" period="1h" indicators="MA(5,20),VOL" theme="dark" height="420" panel="yes"]
 * A chart (and, with panel="yes", an agent panel serving it) with an id unique on the page.
 *
 * @package KlineChartAgent
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * A CSS length from the height attribute: a number means pixels; anything else falls back to 480px.
 *
 * @param string $height The attribute.
 * @return string
 */
function kline_chart_agent_height( $height ) {
	$height = trim( (string) $height );
	if ( preg_match( '/^\d{1,4}(\.\d+)?$/', $height ) ) {
		return $height . 'px';
	}
	if ( preg_match( '/^\d{1,4}(\.\d+)?(px|em|rem|vh|svh|dvh)$/', $height ) ) {
		return $height;
	}
	return '480px';
}

/**
 * Renders the shortcode.
 *
 * @param array|string $atts Shortcode attributes.
 * @return string
 */
function kline_chart_agent_shortcode( $atts ) {
	$atts = shortcode_atts(
		array(
			'symbol'     => '',
			'period'     => '',
			'indicators' => '',
			'theme'      => '',
			'locale'     => '',
			'source'     => '',
			'height'     => '480',
			'panel'      => 'no',
			'base_url'   => '',
		),
		$atts,
		'kline_chart'
	);
	kline_chart_agent_enqueue();

	$id     = wp_unique_id( 'kline-chart-' );
	$height = kline_chart_agent_height( $atts['height'] );
	$panel  = in_array( strtolower( (string) $atts['panel'] ), array( 'yes', 'true', '1', 'on' ), true );

	$chart_attributes = array( 'id' => $id );
	foreach ( array( 'symbol', 'period', 'indicators', 'theme', 'locale', 'source' ) as $name ) {
		if ( '' !== (string) $atts[ $name ] ) {
			$chart_attributes[ $name ] = (string) $atts[ $name ];
		}
	}
	// No style attribute (refused under a `style-src 'self'` policy): the elements apply their `height`
	// attribute through the CSSOM, and the placeholder stylesheet's `kline-chart-agent` class lays the
	// chart and its panel side by side (the panel below the chart on a phone).
	$chart_attributes['height'] = $height;

	$html = '<div class="kline-chart-agent">'
		. '<kline-chart' . kline_chart_agent_attributes_html( $chart_attributes ) . '></kline-chart>';
	if ( $panel ) {
		$panel_attributes = array( 'for' => $id );
		foreach ( array( 'theme', 'locale' ) as $name ) {
			if ( '' !== (string) $atts[ $name ] ) {
				$panel_attributes[ $name ] = (string) $atts[ $name ];
			}
		}
		if ( '' !== (string) $atts['base_url'] ) {
			$panel_attributes['base-url'] = (string) $atts['base_url'];
		}
		$panel_attributes['height'] = $height;
		$html .= '<chart-agent-panel' . kline_chart_agent_attributes_html( $panel_attributes ) . '></chart-agent-panel>';
	}
	return $html . '</div>';
}
add_shortcode( 'kline_chart', 'kline_chart_agent_shortcode' );

/**
 * ` name="value"` pairs, every value escaped.
 *
 * @param array $attributes Name => value.
 * @return string
 */
function kline_chart_agent_attributes_html( $attributes ) {
	$out = '';
	foreach ( $attributes as $name => $value ) {
		$out .= ' ' . $name . '="' . esc_attr( $value ) . '"';
	}
	return $out;
}
