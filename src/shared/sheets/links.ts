/**
 * The form-link tree of a result sheet or report, read from its contents (pure, zod-free): which
 * checklist joins which, and what is wrong with the links (documentation §4 "Result sheet", §5 "Linking";
 * issue #13). The server refuses contents with problems (schemas.ts, then the database checks in
 * services/sheets/contents.ts); the editor may show the same words.
 *
 * Rules: every question names a checklist of `form_ids`; a link joins a question of a child checklist to
 * a question of its parent checklist, both columns of the sheet, of two different checklists, with the
 * same value type; a checklist has at most one parent (one link); following parents never comes back to
 * where it started (no cycles).
 */
import type { SheetContents } from './model.ts';

/** The spec's words (§5) when two checklists to be linked share a question. */
export const DUPLICATE_QUESTIONS = 'Unable to link checklists with duplicate questions.';

export interface LinkProblem {
  /** Where, inside the contents: ['form_links', childQuestionId], ['questions', id, 'form_id'], … */
  path: (string | number)[];
  message: string;
}

/** A checklist joined under its parent: `question_id` (the child's) equals the parent's `parent_question_id`. */
export interface FormJoin {
  form_id: string;
  parent_form_id: string;
  question_id: string;
  parent_question_id: string;
}

/** The link tree in an order where every parent comes before its children: the roots, then the joins. */
export interface FormTree {
  roots: string[];
  /** Each linked checklist once, after its parent. */
  joins: FormJoin[];
}

/** The links that join something (a `null` parent is a checklist at the root: no link). */
export function activeLinks(contents: Pick<SheetContents, 'form_links'>): [string, string][] {
  return Object.entries(contents.form_links).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
}

/** What is wrong with the questions' checklists and the links, judged from the contents alone. */
export function linkProblems(contents: SheetContents): LinkProblem[] {
  const problems: LinkProblem[] = [];
  const forms = new Set(contents.form_ids);
  contents.form_ids.forEach((id, i) => {
    if (contents.form_ids.indexOf(id) !== i) problems.push({ path: ['form_ids', i], message: 'must not repeat a checklist' });
  });
  for (const [id, question] of Object.entries(contents.questions)) {
    if (!forms.has(question.form_id)) problems.push({ path: ['questions', id, 'form_id'], message: 'is not one of form_ids' });
  }
  const parentOf = new Map<string, string>();
  for (const [child, parent] of activeLinks(contents)) {
    const at = ['form_links', child];
    const childQuestion = contents.questions[child];
    const parentQuestion = contents.questions[parent];
    if (!childQuestion || !Object.hasOwn(contents.questions, child)) {
      problems.push({ path: at, message: `${child} is not one of questions` });
      continue;
    }
    if (!parentQuestion || !Object.hasOwn(contents.questions, parent)) {
      problems.push({ path: at, message: `${parent} is not one of questions` });
      continue;
    }
    if (childQuestion.form_id === parentQuestion.form_id) {
      problems.push({ path: at, message: 'must join questions of two different checklists' });
      continue;
    }
    if ((childQuestion.valueType ?? 'true/false') !== (parentQuestion.valueType ?? 'true/false')) {
      problems.push({ path: at, message: 'must join questions of the same valueType' });
      continue;
    }
    if (parentOf.has(childQuestion.form_id)) {
      problems.push({ path: at, message: 'a checklist is linked to one parent checklist, by one question' });
      continue;
    }
    parentOf.set(childQuestion.form_id, parentQuestion.form_id);
  }
  for (const [child, parent] of activeLinks(contents)) {
    const form = contents.questions[child]?.form_id;
    if (form === undefined || parentOf.get(form) !== contents.questions[parent]?.form_id) continue;
    const seen = new Set([form]);
    for (let up = parentOf.get(form); up !== undefined; up = parentOf.get(up)) {
      if (seen.has(up)) {
        problems.push({ path: ['form_links', child], message: 'the form links must not make a cycle' });
        break;
      }
      seen.add(up);
    }
  }
  return problems;
}

/**
 * The tree of contents without link problems: roots in `form_ids` order; each joined checklist after its
 * parent (breadth first). Checklists of `form_ids` without a link are roots.
 */
export function formTree(contents: SheetContents): FormTree {
  const joinOf = new Map<string, FormJoin>();
  for (const [child, parent] of activeLinks(contents)) {
    const form = contents.questions[child]?.form_id;
    const parentForm = contents.questions[parent]?.form_id;
    if (form === undefined || parentForm === undefined || joinOf.has(form)) continue;
    joinOf.set(form, { form_id: form, parent_form_id: parentForm, question_id: child, parent_question_id: parent });
  }
  const forms = [...new Set(contents.form_ids)];
  const roots = forms.filter((id) => !joinOf.has(id));
  const joins: FormJoin[] = [];
  const queue = [...roots];
  for (let form = queue.shift(); form !== undefined; form = queue.shift()) {
    for (const id of forms) {
      const join = joinOf.get(id);
      if (join && join.parent_form_id === form) {
        joins.push(join);
        queue.push(id);
      }
    }
  }
  return { roots, joins };
}

/** The checklists of each tree, keyed by its root: the forms whose rows combine (their question ids must not meet). */
export function treesOf(tree: FormTree): Map<string, string[]> {
  const rootOf = new Map<string, string>(tree.roots.map((r) => [r, r]));
  for (const join of tree.joins) rootOf.set(join.form_id, rootOf.get(join.parent_form_id)!);
  const trees = new Map<string, string[]>();
  for (const [form, root] of rootOf) trees.set(root, [...(trees.get(root) ?? []), form]);
  return trees;
}
