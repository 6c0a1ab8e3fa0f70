/**
 * The widget registry: one flat map, built once at module scope (a registry
 * built during render remounts widgets and loses focus on every keystroke,
 * rjsf #4299). Names are those of src/engine/core/widgetNames.ts; rjsf's own
 * widgets come from the @rjsf/mantine theme.
 */
import type { RegistryWidgetsType } from '@rjsf/utils';

export const widgets: RegistryWidgetsType = {};
