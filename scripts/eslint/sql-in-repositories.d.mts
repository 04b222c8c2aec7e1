export declare const sqlOnlyInRepositories: readonly { selector: string; message: string }[];
