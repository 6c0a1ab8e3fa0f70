/**
 * Analytics (shell spec §2.6 `analytics`, `analytics/{country}/{metric}`; docs/analytics.md). One screen; this
 * index is the area's lazy chunk (with `@mantine/charts` and recharts, which no other screen loads).
 */
export { AnalyticsPage } from './AnalyticsPage';
