import { startBackground } from '../../src/background/startBackground';

// Thin on purpose: startBackground wires every listener synchronously, before any await.
export default defineBackground({
  type: 'module',
  main() {
    startBackground();
  },
});
