export default defineContentScript({
  matches: ['https://etherscan.io/*'],
  main() {},
});
