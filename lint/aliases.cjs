// The @domain/, @server/ and @web/ imports of tsconfig.json's paths, for dependency-cruiser's resolver.
const path = require("node:path");

const root = path.resolve(__dirname, "..");
module.exports = {
  resolve: {
    alias: {
      "@domain": path.join(root, "domain"),
      "@server": path.join(root, "server"),
      "@web": path.join(root, "web"),
    },
  },
};
