// The selectors of the 'no literal UI text in JSX' rule (eslint.config.mjs), in their own
// module so a test can run them on samples (packages/locales/src/no-literal-ui-text.test.ts).
/**
 * No literal UI text in JSX (docs/architecture.md, issue 16): every string a user reads or hears
 * is a label with an English default. Brand-only strings such as 'Portico' are labels too, so
 * a translator can see them.
 */
const NO_LITERAL = 'No literal UI text in JSX: use a label (t(key)) with an English default.';
const spokenAttributes =
  'aria-label|aria-description|aria-roledescription|aria-valuetext|aria-placeholder|title|placeholder|alt|label';
export const noLiteralUiText = [
  { selector: 'JSXText[value=/[A-Za-z]/]', message: NO_LITERAL },
  {
    selector:
      ':matches(JSXElement, JSXFragment) > JSXExpressionContainer > Literal[value=/[A-Za-z]/]',
    message: NO_LITERAL,
  },
  {
    selector:
      ':matches(JSXElement, JSXFragment) > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=/[A-Za-z]/]',
    message: NO_LITERAL,
  },
  {
    selector: `JSXAttribute[name.name=/^(${spokenAttributes})$/] > Literal[value=/[A-Za-z]/]`,
    message: NO_LITERAL,
  },
  {
    selector: `JSXAttribute[name.name=/^(${spokenAttributes})$/] > JSXExpressionContainer > :matches(Literal[value=/[A-Za-z]/], TemplateLiteral > TemplateElement[value.raw=/[A-Za-z]/])`,
    message: NO_LITERAL,
  },
];
