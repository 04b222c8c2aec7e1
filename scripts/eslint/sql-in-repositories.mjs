// SQL only in repositories (issue 36): in the API's modules, lib and plugins, only a
// `*.repository.ts` sends SQL.
// Services may open a transaction and hand it to repositories; routes call services.
export const sqlOnlyInRepositories = [
  {
    selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='query']",
    message:
      'SQL lives in repositories (modules/<area>/*.repository.ts): call a repository function from the service.',
  },
  {
    selector:
      "CallExpression[callee.type='MemberExpression'][callee.property.name='exec'][callee.object.name=/^(db|tx)$/]",
    message:
      'SQL lives in repositories (modules/<area>/*.repository.ts): call a repository function from the service.',
  },
];
