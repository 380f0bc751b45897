declare const __BUILD_INFO__: { version: string; build: string; date: string };
