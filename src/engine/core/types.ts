/**
 * The catalogue's data model: what a flow file says, once checked.
 * The JSON Schema of a flow file is schemas/_meta/flow.schema.json.
 */

export type Scalar = string | number | boolean | null;

/** A translation key, `namespace:path`. */
export type TextKey = string;

export interface ContextField {
  /** JSON pointer into the form data. */
  pointer: string;
  /** data value → context value; a value missing from the map gives null. */
  map?: Record<string, Scalar>;
  /** Every value the field can take; null means "not answered yet". */
  domain: Scalar[];
  /** The context value for a data value outside the domain (default: the value itself). */
  otherwise?: Scalar;
}

export interface ValueCondition {
  const?: Scalar;
  enum?: Scalar[];
  not?: ValueCondition;
  type?: 'null' | 'string' | 'number' | 'integer' | 'boolean';
}

/** A JSON Schema over the context, restricted to the keywords the meta-schema allows. */
export interface Condition {
  $ref?: string;
  properties?: Record<string, ValueCondition>;
  required?: string[];
  allOf?: Condition[];
  anyOf?: Condition[];
  not?: Condition;
}

export interface StepDefinition {
  id: string;
  title: TextKey;
  when?: Condition;
  /** JSON pointers of the data this step asks for. */
  owns: string[];
  /** A path may end here; the outcome when it does. */
  end?: 'submit' | 'reach-out';
  optional?: boolean;
  locked?: boolean;
  /** The step first shows the answers of the active steps before it, each step with a link back to it. */
  review?: boolean;
  /** The words of the step's main button (default: Next, or Submit at the end), e.g. "Join the waitlist". */
  action?: TextKey;
  /** A page before the steps proper (what to gather first): it shows no stepper. */
  intro?: boolean;
  /** A question the merchant confirms in a dialog before leaving the complete step by its button. */
  confirm?: TextKey;
  /** The words of the step's Back button (default: Back), e.g. "Change number". */
  back?: TextKey;
}

/** While `when` holds, the pointers of `set` take their values and those of `clear` are removed. */
export interface FlowRule {
  when: Condition;
  set?: Record<string, Scalar>;
  clear?: string[];
}

/** When the answer at `on` changes, the pointers of `clear` are removed (after asking, with `confirm`). */
export interface FlowReset {
  on: string;
  clear: string[];
  confirm?: TextKey;
  /**
   * Only a change that crosses this condition sets the reset off (it held before and not after, or the other way):
   * a business type changed from a sole owner's to a company's clears the owners, one company type to another
   * keeps them.
   */
  across?: Condition;
}

export interface FlowDefinition {
  flow: string;
  title: TextKey;
  context: Record<string, ContextField>;
  conditions?: Record<string, Condition>;
  steps: StepDefinition[];
  rules?: FlowRule[];
  resets?: FlowReset[];
  /**
   * What the form says when the server refuses a submit for a reason of its own (its answer's
   * `details.reason`): reason → text key; `*` for any other refusal. Without a key the form's own "could not
   * save" notice shows.
   */
  refusals?: Record<string, TextKey>;
  /**
   * A longer process the form is one part of (the simple capital application: apply, make changes, await
   * review, sign the contract): its stages' titles, shown above the form with the one at the fact `pointer`
   * (`/$facts/<name>`, a 0-based index) current; nothing shows while the fact is absent.
   */
  stages?: FlowStages;
  /**
   * Steps done before the form, elsewhere in the product (capital's offer customisation before the full-revenue
   * wizard): first in the step list, as done, and counted in "step n of N"; choosing one asks the screen hosting
   * the form to open it (the runner's `onLead`). Their ids are not step ids.
   */
  lead?: { id: string; title: TextKey }[];
  /**
   * How moving between steps enters the browser's history: `push` (default; Back returns to the previous step)
   * or `replace` (the wizard is one entry: Back leaves it — capital's KYB wizard, spec §2).
   */
  history?: 'push' | 'replace';
  /**
   * Where merchants reach the form (ours: the spec names each product's own entries only): an item in a sidebar
   * section, named by a text key, with an icon from a fixed set, shown to members holding a computed permission —
   * the same permission opens `/forms/<flow>`. Without it the form is reached by its address alone.
   */
  entry?: FlowEntry;
  /**
   * What a submitted form is, on its page and at its entry (issue 56): its badge, title and words there, a link
   * onwards, and whether it may be sent again (`again`: the button that starts the next one). Without `again` a
   * form is sent once: its entry then opens what was sent.
   */
  submitted?: FlowSubmitted;
}

export interface FlowSubmitted {
  badge?: TextKey;
  /** Beside the badge, its day ({{date}}): "Published on {{date}}" rather than "Submitted on". */
  on?: TextKey;
  title?: TextKey;
  body?: TextKey;
  /** Onwards from the submitted page: a path in the app ("/marketing/marketplace"). */
  link?: { label: TextKey; to: string };
  /** The button that starts the form again; present: the form may be sent again. */
  again?: TextKey;
}

/** The sidebar sections a flow's entry may join (shell spec §2.3's sections). */
export const ENTRY_SECTIONS = ['general', 'finance', 'marketing', 'businessProfile'] as const;

/** The icons a flow's entry may use: a fixed set, so ops choose and the app draws (and no icon is fetched). */
export const ENTRY_ICONS = [
  'file-text',
  'calendar',
  'clipboard-list',
  'headset',
  'truck',
  'receipt',
  'building-store',
  'users',
  'coin',
  'message',
  'gift',
  'shield-check',
] as const;

export interface FlowEntry {
  section: (typeof ENTRY_SECTIONS)[number];
  title: TextKey;
  icon: (typeof ENTRY_ICONS)[number];
  /** A computed permission's name (src/domain/permissions.ts). */
  permission: string;
}

export interface FlowStages {
  pointer: string;
  titles: TextKey[];
}

/**
 * Where the server puts what it knows about a draft's subject (an application's reset reason, an offer's tags):
 * under this key of the data, read by context fields (`/$facts/<name>`), never asked of or sent by the merchant.
 */
export const FACTS_KEY = '$facts';

/** The derived context: fields whose value is null (not answered) are absent, as JSON Schema's `required` expects. */
export type Context = Record<string, Exclude<Scalar, null>>;

/** Form data: a JSON object. */
export type FormData = Record<string, unknown>;

/** One problem found in the catalogue: the file (relative to schemas/) and a JSON pointer inside it. */
export interface CatalogueProblem {
  file: string;
  pointer: string;
  message: string;
  /** The named check that found it (src/catalogue/checks). */
  check?: string;
}

/**
 * What the browser receives of a flow version (`/catalogue/<version>/manifest.<hash>.json`): the flow, where
 * each step's module is, and every text the flow shows.
 */
export interface FlowManifest {
  flow: string;
  /** The version id (SHA-256 of the flow's content). */
  version: string;
  definition: FlowDefinition;
  /** Step id → its module's file, relative to the version's folder. */
  steps: Record<string, string>;
  /** language → translation key → text. */
  texts: Record<string, Record<string, string>>;
}
