import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({ base: './', build: { chunkSizeWarningLimit: 1000 }, plugins: [svelte()] });
