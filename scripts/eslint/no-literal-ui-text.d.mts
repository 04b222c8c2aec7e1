export declare const noLiteralUiText: readonly { selector: string; message: string }[];
