// `npm ci` refuses a lockfile that lacks any optional dependency of a package, even one built for another platform.
// When the registry in use does not list some platform builds (Biome's and Tailwind's native binaries for other
// systems), `npm install` leaves them out of package-lock.json. This adds the missing optional entries by name and
// version, so `npm ci` installs what this platform needs and skips the rest. Run after changing dependencies:
//   npm install && node scripts/complete-lockfile.mjs
import fs from "node:fs";

const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
const packages = lock.packages;
const added = [];
for (const [path, info] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(info.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (packages[key] || packages[`${path}/node_modules/${name}`]) continue;
    packages[key] = { version, ...(info.dev ? { dev: true } : {}), optional: true };
    added.push(`${name}@${version}`);
  }
}
fs.writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(
  added.length ? `Added ${added.length} optional entries:\n  ${added.join("\n  ")}\n` : "Complete.\n",
);
