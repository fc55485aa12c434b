export default defineUnlistedScript(() => {});
