<?php
/**
 * Loads the module (`assets/kline-chart.js`, which imports its chunks from the same folder) with
 * type="module", and the placeholder stylesheet in the head so the elements keep their size
 * while the module loads.
 *
 * @package KlineChartAgent
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

const KLINE_CHART_AGENT_HANDLE = 'kline-chart-agent';

/**
 * Enqueues the module and the placeholder stylesheet (once per page).
 */
function kline_chart_agent_enqueue() {
	static $done = false;
	if ( $done ) {
		return;
	}
	$done = true;
	$src  = plugins_url( 'assets/kline-chart.js', KLINE_CHART_AGENT_FILE );
	if ( function_exists( 'wp_enqueue_script_module' ) ) {
		// WordPress 6.5 and later print it as <script type="module">.
		wp_enqueue_script_module( KLINE_CHART_AGENT_HANDLE, $src, array(), KLINE_CHART_AGENT_VERSION );
	} else {
		wp_enqueue_script( KLINE_CHART_AGENT_HANDLE, $src, array(), KLINE_CHART_AGENT_VERSION, true );
	}
	wp_enqueue_style(
		KLINE_CHART_AGENT_HANDLE . '-placeholder',
		plugins_url( 'assets/kline-chart-placeholder.css', KLINE_CHART_AGENT_FILE ),
		array(),
		KLINE_CHART_AGENT_VERSION
	);
}

/**
 * Before WordPress 6.5: the classic script tag gets type="module" (the bundle is an ES module).
 *
 * @param string $tag    The <script> tag.
 * @param string $handle Its handle.
 * @param string $src    Its URL.
 * @return string
 */
function kline_chart_agent_module_tag( $tag, $handle, $src ) {
	if ( KLINE_CHART_AGENT_HANDLE !== $handle ) {
		return $tag;
	}
	return '<script type="module" src="' . esc_url( $src ) . '" id="' . esc_attr( $handle ) . '-js"></script>' . "\n";
}
add_filter( 'script_loader_tag', 'kline_chart_agent_module_tag', 10, 3 );

/**
 * Whether content uses the shortcode or writes either tag.
 *
 * @param string $content Post content.
 * @return bool
 */
function kline_chart_agent_content_uses_elements( $content ) {
	if ( ! is_string( $content ) || '' === $content ) {
		return false;
	}
	return ( function_exists( 'has_shortcode' ) && has_shortcode( $content, 'kline_chart' ) )
		|| false !== stripos( $content, '<kline-chart' )
		|| false !== stripos( $content, '<chart-agent-panel' );
}

/**
 * Enqueues early (the stylesheet then lands in <head>) on a singular page whose content uses the
 * elements; the shortcode also enqueues, for widgets and archives.
 */
function kline_chart_agent_maybe_enqueue() {
	$post = function_exists( 'get_post' ) ? get_post() : null;
	if ( function_exists( 'is_singular' ) && is_singular() && $post && kline_chart_agent_content_uses_elements( $post->post_content ) ) {
		kline_chart_agent_enqueue();
	}
}
add_action( 'wp_enqueue_scripts', 'kline_chart_agent_maybe_enqueue' );
