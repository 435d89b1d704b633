<?php
/**
 * Plugin Name:       K-line Chart Agent
 * Plugin URI:        https://github.com/kline-chart-agent/kline-chart-agent
 * Description:       The &lt;kline-chart&gt; and &lt;chart-agent-panel&gt; web components: a [kline_chart] shortcode, the module served from this plugin, and both tags (with their documented attributes) kept in posts for every role.
 * Version:           0.1.0
 * Requires at least: 6.0
 * Requires PHP:      7.4
 * License:           MIT
 * License URI:       https://opensource.org/licenses/MIT
 * Text Domain:       kline-chart-agent
 *
 * @package KlineChartAgent
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

define( 'KLINE_CHART_AGENT_VERSION', '0.1.0' );
define( 'KLINE_CHART_AGENT_FILE', __FILE__ );

require_once __DIR__ . '/includes/attributes.php';
require_once __DIR__ . '/includes/enqueue.php';
require_once __DIR__ . '/includes/kses.php';
require_once __DIR__ . '/includes/shortcode.php';
