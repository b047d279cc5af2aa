import path from "node:path";

/** "AddToCartButton" or "addToCartButton" → "add-to-cart-button". */
function kebabCase(name) {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1-$2")
    .toLowerCase();
}

/** The name part of a file: "cart-store.ts" → "cart-store", "catalog.server.ts" → "catalog". */
function baseName(filename) {
  return path.basename(filename).split(".")[0] ?? "";
}

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Names a module exports: declarations, `export { a as b }` and a named default function. */
function exportedNames(program) {
  const names = [];
  for (const node of program.body) {
    if (node.type === "ExportNamedDeclaration") {
      const declaration = node.declaration;
      if (declaration?.id?.name) names.push(declaration.id.name);
      for (const each of declaration?.declarations ?? []) {
        if (each.id.type === "Identifier") names.push(each.id.name);
      }
      for (const specifier of node.specifiers) {
        if (specifier.exported.type === "Identifier") names.push(specifier.exported.name);
      }
    }
    if (node.type === "ExportDefaultDeclaration" && node.declaration.id?.name) {
      names.push(node.declaration.id.name);
    }
  }
  return names;
}

/**
 * STYLE.md 2: file names are kebab-case, and a component's file is named after what it exports
 * (add-to-cart-button.tsx exports AddToCartButton), so a newcomer finds a component by name.
 */
const fileName = {
  meta: {
    type: "suggestion",
    schema: [{ type: "object", properties: { matchExport: { type: "boolean" } } }],
    messages: {
      kebab: "File names are kebab-case: rename {{name}}.",
      export: "{{name}} should export something named after the file (e.g. {{expected}}).",
    },
  },
  create(context) {
    const name = baseName(context.filename);
    const matchExport = context.options[0]?.matchExport ?? false;
    return {
      Program(program) {
        if (!KEBAB.test(name)) {
          context.report({ node: program, messageId: "kebab", data: { name } });
          return;
        }
        if (!matchExport) return;
        if (exportedNames(program).some((exported) => kebabCase(exported) === name)) return;
        const expected = name.replace(/(^|-)([a-z0-9])/g, (_, _dash, letter) =>
          letter.toUpperCase(),
        );
        context.report({
          node: program,
          messageId: "export",
          data: { name: path.basename(context.filename), expected },
        });
      },
    };
  },
};

export default { rules: { "file-name": fileName } };
