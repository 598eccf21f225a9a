import type { Rule } from "eslint";

export declare const importZones: Rule.RuleModule;
