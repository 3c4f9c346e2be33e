import type { AnalysisDrill, AnalysisPatch, AnalysisResult, AnalysisTechnique } from '@openmat/contract/analysis';
import { LOCAL_ANALYZER_NAME, parseTimestamp } from '@openmat/contract/analysis';
import { Clock, Pencil, Plus, SkipForward, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '@/components/ui/alert-store';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ConfirmDeleteButton } from './confirm-delete-button';
import { GENERIC, selectionTimestamps, type Selection } from './timeline-model';

type Sent<T> = Omit<T, 'id'> & { id?: number };

/** A name shown as text until Edit is pressed; then Enter saves and Escape cancels. */
function RenameableName({
  name,
  label,
  busy,
  readOnly,
  onRename,
}: {
  name: string;
  label: string;
  busy: boolean;
  readOnly: boolean;
  onRename: (name: string) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  if (readOnly) return <span className="font-medium break-words">{name}</span>;
  if (editing !== null) {
    return (
      <Input
        autoFocus
        aria-label={t('videos.review.rename', { name })}
        value={editing}
        onChange={(event) => setEditing(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && editing.trim() !== '') {
            event.preventDefault();
            onRename(editing.trim());
            setEditing(null);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            setEditing(null);
          }
        }}
        onBlur={() => setEditing(null)}
        className="h-8"
      />
    );
  }
  return (
    <span className="flex min-w-0 items-center gap-1">
      <span className="font-medium break-words">{name}</span>
      <Button
        size="sm"
        variant="ghost"
        disabled={busy}
        aria-label={t('videos.review.renameLabel', { what: label })}
        onClick={() => setEditing(name)}
      >
        <Pencil className="h-3.5 w-3.5" aria-hidden />
      </Button>
    </span>
  );
}

/** The technique types the analyser writes (kept in English in the result), with their label keys. */
const TECHNIQUE_TYPES = {
  Sweep: 'sweep',
  'Guard Pass': 'guardPass',
  Takedown: 'takedown',
  'Guard Pull': 'guardPull',
  Submission: 'submission',
  Escape: 'escape',
  'Back Take': 'backTake',
  Transition: 'transition',
} as const;

function isKnownType(name: string): name is keyof typeof TECHNIQUE_TYPES {
  return Object.hasOwn(TECHNIQUE_TYPES, name);
}

/** A technique type in the reader's language; a type someone typed elsewhere stays as written. */
function useTypeLabel() {
  const { t } = useTranslation();
  return (name: string) => (isKnownType(name) ? t(`videos.review.types.${TECHNIQUE_TYPES[name]}`) : name);
}

export function TechniquesTab({
  result,
  selection,
  busy,
  readOnly,
  onJump,
  onSave,
}: {
  result: AnalysisResult;
  selection: Selection | null;
  busy: boolean;
  /** A reader (a student it was shared with) sees the findings without the editor's controls. */
  readOnly: boolean;
  onJump: (time: number) => void;
  /** Answers whether it was saved: a form keeps what was typed until it is. */
  onSave: (techniques: Array<Sent<AnalysisTechnique>>) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const typeLabel = useTypeLabel();
  const formId = useId();
  const [name, setName] = useState('');
  const [type, setType] = useState('Sweep');
  const times = selection ? selectionTimestamps(selection) : null;

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!times || name.trim() === '') return;
    void onSave([
      ...result.techniques,
      {
        name: name.trim(),
        description: '',
        techniqueType: { name: type, positionalScenarioId: null },
        positionalScenario: { id: null, name: '' },
        ...times,
      },
    ]).then((saved) => {
      if (saved) setName('');
    });
  }

  return (
    <div className="space-y-5">
      {result.techniques.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {t(readOnly ? 'videos.review.noTechniquesRead' : 'videos.review.noTechniques')}
        </p>
      ) : (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {result.techniques.map((technique) => {
            const at = parseTimestamp(technique.startTimestamp);
            return (
              <li key={technique.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:gap-3">
                <Button
                  size="sm"
                  variant="secondary"
                  className="shrink-0 self-start tabular-nums"
                  disabled={at === null}
                  onClick={() => at !== null && onJump(at)}
                  aria-label={t('videos.review.jumpTo', { name: technique.name, time: technique.startTimestamp })}
                >
                  <SkipForward className="h-3.5 w-3.5" aria-hidden />
                  {technique.startTimestamp}–{technique.endTimestamp}
                </Button>
                <div className="min-w-0 flex-1">
                  <RenameableName
                    name={technique.name}
                    label={technique.name}
                    busy={busy}
                    readOnly={readOnly}
                    onRename={(renamed) =>
                      void onSave(
                        result.techniques.map((item) => (item.id === technique.id ? { ...item, name: renamed } : item)),
                      )
                    }
                  />
                  <p className="text-xs text-zinc-500 dark:text-zinc-400">
                    {typeLabel(technique.techniqueType.name)}
                    {technique.positionalScenario.name && ` · ${technique.positionalScenario.name}`}
                    {technique.confidence !== undefined &&
                      ` · ${t('videos.review.confidence', { percent: Math.round(technique.confidence * 100) })}`}
                  </p>
                  {technique.description && (
                    <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">{technique.description}</p>
                  )}
                  {!readOnly && (
                    <div className="mt-2 flex flex-wrap items-center gap-2">
                      <select
                        aria-label={t('videos.review.edit.retype', { name: technique.name })}
                        value={technique.techniqueType.name}
                        disabled={busy}
                        onChange={(event) =>
                          void onSave(
                            result.techniques.map((item) =>
                              item.id === technique.id
                                ? { ...item, techniqueType: { ...item.techniqueType, name: event.target.value } }
                                : item,
                            ),
                          )
                        }
                        className="h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
                      >
                        {!isKnownType(technique.techniqueType.name) && (
                          <option value={technique.techniqueType.name}>{technique.techniqueType.name}</option>
                        )}
                        {Object.keys(TECHNIQUE_TYPES).map((option) => (
                          <option key={option} value={option}>
                            {typeLabel(option)}
                          </option>
                        ))}
                      </select>
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={busy || !times}
                        title={times ? undefined : t('videos.review.edit.retimeHint')}
                        aria-label={t('videos.review.edit.retime', { name: technique.name })}
                        onClick={() =>
                          times &&
                          void onSave(
                            result.techniques.map((item) => (item.id === technique.id ? { ...item, ...times } : item)),
                          )
                        }
                      >
                        <Clock className="h-3.5 w-3.5" aria-hidden />
                        {t('videos.review.edit.retimeButton')}
                      </Button>
                      <ConfirmDeleteButton
                        label={t('videos.review.edit.delete', { name: technique.name })}
                        question={t('videos.review.edit.deleteQuestion', { name: technique.name })}
                        disabled={busy}
                        onConfirm={() => void onSave(result.techniques.filter((item) => item.id !== technique.id))}
                      />
                    </div>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {!readOnly && (
        <form
          onSubmit={add}
          className="space-y-3 rounded-lg bg-zinc-50 p-3 dark:bg-zinc-950/40"
          aria-labelledby={`${formId}-title`}
        >
          <h3 id={`${formId}-title`} className="text-sm font-semibold">
            {t('videos.review.addTechnique')}
          </h3>
          <div className="grid gap-3 sm:grid-cols-2">
            <label className="text-sm">
              {t('videos.review.techniqueName')}
              <Input value={name} onChange={(event) => setName(event.target.value)} className="mt-1" />
            </label>
            <label className="text-sm">
              {t('videos.review.techniqueType')}
              <select
                value={type}
                onChange={(event) => setType(event.target.value)}
                className="mt-1 block h-10 w-full rounded-md border border-zinc-300 bg-white px-2 dark:border-zinc-700 dark:bg-zinc-900"
              >
                {Object.keys(TECHNIQUE_TYPES).map((option) => (
                  <option key={option} value={option}>
                    {typeLabel(option)}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-sm">
              {t('videos.review.start')}
              <Input readOnly value={times?.startTimestamp ?? ''} placeholder="--:--:--" className="mt-1" />
            </label>
            <label className="text-sm">
              {t('videos.review.end')}
              <Input readOnly value={times?.endTimestamp ?? ''} placeholder="--:--:--" className="mt-1" />
            </label>
          </div>
          {!times && <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('videos.review.selectFirst')}</p>}
          <Button type="submit" size="sm" disabled={busy || !times || name.trim() === ''}>
            <Plus className="h-4 w-4" aria-hidden />
            {t('videos.review.addTechniqueButton')}
          </Button>
        </form>
      )}
    </div>
  );
}

export function DrillsTab({
  result,
  drills,
  busy,
  readOnly,
  onSave,
}: {
  result: AnalysisResult;
  drills: readonly AnalysisDrill[];
  busy: boolean;
  readOnly: boolean;
  onSave: (drills: Array<Sent<AnalysisDrill>>) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [related, setRelated] = useState('');

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (name.trim() === '') return;
    if (related === '') {
      void showAlert(t('videos.review.relatedRequired'));
      return;
    }
    const technique = result.techniques.find((item) => String(item.id) === related);
    void onSave([
      ...result.drills,
      {
        name: name.trim(),
        focus: null,
        duration: t('videos.review.defaultDuration'),
        description: '',
        relatedTechniqueName: technique?.name ?? GENERIC,
        relatedTechniqueId: technique?.id ?? null,
      },
    ]).then((saved) => {
      if (!saved) return;
      setName('');
      setRelated('');
    });
  }

  return (
    <div className="space-y-5">
      {drills.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('videos.review.noDrills')}</p>
      ) : (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {drills.map((drill) => (
            <li key={drill.id} className="py-3">
              <RenameableName
                name={drill.name}
                label={drill.name}
                busy={busy}
                readOnly={readOnly}
                onRename={(renamed) =>
                  void onSave(result.drills.map((item) => (item.id === drill.id ? { ...item, name: renamed } : item)))
                }
              />
              <p className="text-xs text-zinc-500 dark:text-zinc-400">
                {drill.duration} ·{' '}
                {t('videos.review.relatedTo', {
                  name:
                    drill.relatedTechniqueId === null && drill.relatedTechniqueName === GENERIC
                      ? t('videos.review.generic')
                      : drill.relatedTechniqueName,
                })}
              </p>
              {drill.description && (
                <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">{drill.description}</p>
              )}
              {!readOnly && (
                <div className="mt-2">
                  <ConfirmDeleteButton
                    label={t('videos.review.edit.delete', { name: drill.name })}
                    question={t('videos.review.edit.deleteQuestion', { name: drill.name })}
                    disabled={busy}
                    onConfirm={() => void onSave(result.drills.filter((item) => !sameDrill(item, drill)))}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && (
        <form onSubmit={add} className="space-y-3 rounded-lg bg-zinc-50 p-3 dark:bg-zinc-950/40">
          <h3 className="text-sm font-semibold">{t('videos.review.addDrill')}</h3>
          <div className="grid gap-3 sm:grid-cols-2">
            <label className="text-sm">
              {t('videos.review.drillName')}
              <Input value={name} onChange={(event) => setName(event.target.value)} className="mt-1" />
            </label>
            <label className="text-sm">
              {t('videos.review.relatedTechnique')}
              <select
                value={related}
                onChange={(event) => setRelated(event.target.value)}
                className="mt-1 block h-10 w-full rounded-md border border-zinc-300 bg-white px-2 dark:border-zinc-700 dark:bg-zinc-900"
              >
                <option value="">{t('videos.review.none')}</option>
                <option value="generic">{t('videos.review.generic')}</option>
                {result.techniques.map((technique) => (
                  <option key={technique.id} value={String(technique.id)}>
                    {technique.name}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <Button type="submit" size="sm" disabled={busy || name.trim() === ''}>
            <Plus className="h-4 w-4" aria-hidden />
            {t('videos.review.addDrillButton')}
          </Button>
        </form>
      )}
    </div>
  );
}

type TextsPatch = Pick<AnalysisPatch, 'overallDescription' | 'strengths' | 'areasForImprovement'>;

/** The editor's form for the overall text, the strengths and the areas for improvement. */
function TextsEditor({
  result,
  busy,
  onSave,
  onDone,
}: {
  result: AnalysisResult;
  busy: boolean;
  onSave: (patch: TextsPatch) => Promise<boolean>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [overall, setOverall] = useState(result.overallDescription);
  const [strengths, setStrengths] = useState(result.strengths);
  const [areas, setAreas] = useState(result.areasForImprovement);
  const area =
    'mt-1 block w-full rounded-md border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900';
  return (
    <form
      className="space-y-4 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        // The editor stays open with what was typed until it is saved.
        void onSave({
          overallDescription: overall,
          strengths: strengths.filter((item) => item.description.trim() !== ''),
          areasForImprovement: areas.filter((item) => item.description.trim() !== ''),
        }).then((saved) => {
          if (saved) onDone();
        });
      }}
    >
      <label className="block">
        {t('videos.review.edit.overall')}
        <textarea value={overall} rows={5} onChange={(event) => setOverall(event.target.value)} className={area} />
      </label>
      <EditableTexts
        legend={t('videos.review.strengths')}
        items={strengths}
        onChange={setStrengths}
        itemLabel={(number) => t('videos.review.edit.strength', { number })}
        removeLabel={(number) => t('videos.review.edit.removeStrength', { number })}
        addLabel={t('videos.review.edit.addStrength')}
        blank={() => ({ description: '', relatedTechniqueId: null })}
        className={area}
      />
      <EditableTexts
        legend={t('videos.review.improvements')}
        items={areas}
        onChange={setAreas}
        itemLabel={(number) => t('videos.review.edit.improvement', { number })}
        removeLabel={(number) => t('videos.review.edit.removeImprovement', { number })}
        addLabel={t('videos.review.edit.addImprovement')}
        blank={() => ({ description: '', weaknessCategory: 'coach', relatedTechniqueId: null, keywords: [] })}
        className={area}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {t('videos.review.edit.saveTexts')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t('videos.review.ribbonEdit.cancel')}
        </Button>
      </div>
    </form>
  );
}

export function OverallTab({
  result,
  busy = false,
  readOnly = true,
  onSave = () => Promise.resolve(false),
}: {
  result: AnalysisResult;
  busy?: boolean;
  readOnly?: boolean;
  onSave?: (patch: TextsPatch) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  if (editing && !readOnly) {
    return <TextsEditor result={result} busy={busy} onSave={onSave} onDone={() => setEditing(false)} />;
  }
  return (
    <div className="space-y-5 text-sm">
      {!readOnly && (
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => setEditing(true)}>
          <Pencil className="h-3.5 w-3.5" aria-hidden />
          {t('videos.review.edit.editTexts')}
        </Button>
      )}
      <p className="leading-relaxed whitespace-pre-line">{result.overallDescription}</p>
      {/* The note on who is who, said once: set apart unless the overall text already says it. */}
      {result.athletes &&
        !result.athletes.studentIdentified &&
        result.athletes.found > 1 &&
        !result.overallDescription.includes(result.athletes.note) && (
          <p className="rounded-md bg-amber-50 p-2 text-amber-900 dark:bg-amber-950/40 dark:text-amber-200">
            {result.athletes.note}
          </p>
        )}
      <div>
        <h3 className="mb-2 font-semibold">{t('videos.review.strengths')}</h3>
        {result.strengths.length === 0 ? (
          <p className="text-zinc-600 dark:text-zinc-400">{t('videos.review.noStrengths')}</p>
        ) : (
          <ul className="list-disc space-y-1 pl-5">
            {result.strengths.map((strength, index) => (
              <li key={index}>{strength.description}</li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="mb-2 font-semibold">{t('videos.review.improvements')}</h3>
        {result.areasForImprovement.length === 0 ? (
          <p className="text-zinc-600 dark:text-zinc-400">{t('videos.review.noImprovements')}</p>
        ) : (
          <ul className="space-y-2">
            {result.areasForImprovement.map((area, index) => (
              <li key={index}>
                <p>{area.description}</p>
                <p className="text-xs text-zinc-500 dark:text-zinc-400">
                  {t(`videos.review.weakness.${area.weaknessCategory}`, { defaultValue: area.weaknessCategory })}
                  {area.keywords.length > 0 && ` · ${area.keywords.join(', ')}`}
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
      {result.analyzer && (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {t(
            // The analyser's name and version are the server's internals (product spec, section 1): the page
            // says only whether the video was analysed here or by a vision model, which may run elsewhere.
            result.analyzer.name === LOCAL_ANALYZER_NAME
              ? 'videos.review.analyzedHere'
              : 'videos.review.analyzedByModel',
          )}
        </p>
      )}
    </div>
  );
}

/** A list of texts to edit, remove and add to (strengths, areas for improvement), under its legend. */
function EditableTexts<Item extends { description: string }>({
  legend,
  items,
  onChange,
  itemLabel,
  removeLabel,
  addLabel,
  blank,
  className,
}: {
  legend: string;
  items: Item[];
  onChange: (items: Item[]) => void;
  itemLabel: (number: number) => string;
  removeLabel: (number: number) => string;
  addLabel: string;
  blank: () => Item;
  className: string;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="font-semibold">{legend}</legend>
      {items.map((item, index) => (
        <div key={index} className="flex items-start gap-2">
          <textarea
            aria-label={itemLabel(index + 1)}
            value={item.description}
            rows={2}
            onChange={(event) =>
              onChange(items.map((other, at) => (at === index ? { ...other, description: event.target.value } : other)))
            }
            className={className}
          />
          <Button
            size="sm"
            variant="ghost"
            aria-label={removeLabel(index + 1)}
            onClick={() => onChange(items.filter((_, at) => at !== index))}
          >
            <Trash2 className="h-3.5 w-3.5" aria-hidden />
          </Button>
        </div>
      ))}
      <Button size="sm" variant="secondary" onClick={() => onChange([...items, blank()])}>
        <Plus className="h-4 w-4" aria-hidden />
        {addLabel}
      </Button>
    </fieldset>
  );
}

/**
 * Whether `item` is the drill shown as `shown`: itself, or a generic drill of the same name that the list
 * folds into it (see `visibleDrills`), so that deleting it never brings a hidden copy into view.
 */
function sameDrill(item: AnalysisDrill, shown: AnalysisDrill): boolean {
  if (item.id === shown.id) return true;
  return shown.relatedTechniqueName === GENERIC && item.relatedTechniqueName === GENERIC && item.name === shown.name;
}
