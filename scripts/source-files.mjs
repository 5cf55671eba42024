// The TypeScript sources the checks of `npm run check` read (check-file-size, check-engine-names,
// check-vocabulary): every `.ts` file under `dir`, as paths relative to the repository, skipping the
// folders `skip` names (given a folder's repository-relative path and its name) and node_modules.
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

export function sourceFiles(dir, skip = () => false) {
  const out = [];
  const walk = (folder) => {
    for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const relative = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !skip(relative, entry.name)) walk(relative);
      } else if (entry.name.endsWith('.ts')) out.push(relative);
    }
  };
  walk(dir);
  return out;
}
