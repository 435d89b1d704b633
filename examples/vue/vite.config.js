import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

export default defineConfig({
  base: './',
  build: { chunkSizeWarningLimit: 1000 },
  plugins: [
    vue({
      // <kline-chart> and <chart-agent-panel> are custom elements, not Vue components.
      template: { compilerOptions: { isCustomElement: (tag) => tag === 'kline-chart' || tag === 'chart-agent-panel' } },
    }),
  ],
});
