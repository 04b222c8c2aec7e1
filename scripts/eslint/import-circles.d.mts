/** The import circles among the non-test sources under `roots`, each as its sorted files. */
export declare function importCircles(base: string, roots: readonly string[]): string[][];
