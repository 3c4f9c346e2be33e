import * as Dialog from '@radix-ui/react-dialog';
import type { TargetLevel } from '@openmat/contract/enums';
import type { AttendanceRecord, AttendanceResponse, TrainingSessionDetails } from '@openmat/contract/sessions';
import { useMutation } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { showAlert } from '@/components/ui/alert-store';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useReturnFocus } from '@/components/ui/return-focus';
import { showToast } from '@/components/ui/toast-store';
import { recordAttendance } from '@/features/attendance/api/record-attendance';
import { isEmptyRow, useAttendanceStore, type AttendanceRow } from '@/features/attendance/stores/attendance-store';
import { cn } from '@/lib/cn';
import { errorText } from '@/lib/failure';
import { AttendanceGrid } from './attendance-grid';
import { ExistingMemberSearch } from './existing-member-search';
import { checkRows, editableRows, MAX_EDITABLE_EMPTY_ROWS, rowCount, rowsFor, validRecords } from './attendance-rows';
import { fakeFillStatus, fillWithFakeStudents, freePlaces } from './fake-students';
import { MetricHelper } from './metric-helper';

export interface AttendanceModalProps {
  sessionId: number;
  /** The session's capacity: the number of rows. Null (unknown) gives 10 rows. */
  capacity: number | null;
  /** Students already on the session's roster: they hold places. 0 when not given. */
  rosterCount?: number;
  /** The session's target level: the fake students' ages follow it. Null or not given: unknown. */
  targetLevel?: TargetLevel | null;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Called after a successful finalize, once the draft of the session is cleared. */
  onRecorded(result: AttendanceResponse): void;
  /** Who is on the roster already (for adding an existing member). */
  rosterIds?: readonly number[];
  /** Called after an existing member was added to the roster; without it the search is not offered. */
  onMemberAdded?(details: TrainingSessionDetails): void;
}

/**
 * On a phone the buttons fill the modal's width, two to a line or one, and a label too long for its
 * button (a longer language, a narrow phone) wraps onto a second line instead of running out of it.
 */
const WRAPS_ON_PHONE = 'max-sm:h-auto max-sm:min-h-10 max-sm:py-2 max-sm:text-center max-sm:whitespace-normal';

/** What the fake-data button last did, for the polite status line. */
type FakeNote = ReturnType<typeof fakeFillStatus> | null;

/**
 * Walk-in attendance for one training session (spec sections 2, 5 and 8): an editable grid of walk-ins
 * whose draft survives a reload, a metric conversion helper, and Go Back, Clear, 'Create Fake Student
 * Data for Testing' and Finalize Attendance. Finalize sends only the valid rows; what was recorded is a
 * toast in the server's words, and a refusal is alerted and shown in the modal, the rows staying as they were.
 */
export function AttendanceModal(props: AttendanceModalProps) {
  // The callbacks are declared as methods, so they are called on `props` rather than taken off it.
  const { sessionId, capacity, open } = props;
  const { t } = useTranslation();
  const id = useId();
  const draft = useAttendanceStore((state) => state.drafts[String(sessionId)]);
  const setDraft = useAttendanceStore((state) => state.setDraft);
  const clearDraft = useAttendanceStore((state) => state.clearDraft);
  const [focusedRow, setFocusedRow] = useState<number | null>(null);
  const [confirmingClear, setConfirmingClear] = useState(false);
  const [fakeNote, setFakeNote] = useState<FakeNote>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const focus = useReturnFocus();

  const rows = useMemo(() => rowsFor(draft, rowCount(capacity)), [draft, capacity]);
  const checks = useMemo(() => checkRows(rows), [rows]);
  const editable = editableRows(rows, focusedRow);
  const records = validRecords(checks);
  const incomplete = checks.filter((check) => check.kind === 'invalid').length;
  const hasData = rows.some((row) => !isEmptyRow(row));

  const failureMessage = (error: Error) => errorText(error).serverMessage ?? t('attendance.failed');

  // The callbacks live on the mutation, not on `mutate`, so that a request still running when the
  // modal is closed clears its draft and reports its result all the same.
  const mutation = useMutation({
    mutationFn: (sent: { sessionId: number; records: AttendanceRecord[] }) =>
      recordAttendance(sent.sessionId, sent.records),
    onSuccess: (result, sent) => {
      clearDraft(sent.sessionId);
      setFakeNote(null);
      // The outcome in the server's words ("Recorded 3 walk-ins; 2 added to the roster."), in the reader's language.
      showToast({ tone: 'success', title: result.message });
      props.onRecorded(result);
    },
    onError: (error) => {
      void showAlert(failureMessage(error), { tone: 'error' });
    },
  });
  const pending = mutation.isPending;

  function save(next: AttendanceRow[]) {
    setDraft(sessionId, next);
  }

  function change(index: number, patch: Partial<AttendanceRow>) {
    save(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  }

  function finalize() {
    if (pending) return;
    if (records.length === 0) {
      void showAlert(t('attendance.noValidRecords'), { tone: 'error' });
      return;
    }
    mutation.mutate({ sessionId, records });
  }

  function clear() {
    clearDraft(sessionId);
    setFakeNote(null);
    mutation.reset();
  }

  function onClearClick() {
    if (hasData) setConfirmingClear(true);
    else clear();
  }

  function onConfirmClearOpenChange(isOpen: boolean) {
    setConfirmingClear(isOpen);
    // The question has no trigger to return to: give the focus back to Clear.
    if (!isOpen) setTimeout(() => document.getElementById(`${id}-clear`)?.focus(), 0);
  }

  function fillFake() {
    const session = {
      freePlaces: freePlaces(capacity, props.rosterCount ?? 0),
      targetLevel: props.targetLevel ?? null,
    };
    const filled = fillWithFakeStudents(rows, Math.random, new Date(), session);
    if (filled.filled > 0) save(filled.rows);
    setFakeNote(fakeFillStatus(filled));
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => props.onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          aria-busy={pending}
          onOpenAutoFocus={(event) => {
            // Remember who opened the modal (the page's button) to return there on close, and start
            // in the first editable Name cell, ready to type.
            focus.remember(event);
            const first = gridRef.current?.querySelector<HTMLInputElement>('input:not(:disabled)');
            if (first) {
              event.preventDefault();
              first.focus();
            }
          }}
          onCloseAutoFocus={focus.restore}
          className="fixed top-1/2 left-1/2 z-50 flex h-[calc(100dvh-1rem)] w-[calc(100vw-1rem)] max-w-[1500px] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-zinc-200 bg-white text-zinc-900 shadow-xl max-sm:overflow-y-auto sm:h-auto sm:max-h-[calc(100dvh-4rem)] sm:w-[calc(100vw-4rem)] dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        >
          <header className="border-b border-zinc-200 px-4 py-4 sm:px-6 dark:border-zinc-800">
            <Dialog.Title className="text-lg font-semibold tracking-tight sm:text-xl">
              {t('attendance.title')}
            </Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
              {t('attendance.description')}
            </Dialog.Description>
          </header>

          {/* On a phone the whole modal scrolls, the title too, under buttons that stay at the bottom: the
              rows get the screen's height rather than what a fixed title and the buttons leave them. */}
          <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-4 py-4 max-sm:flex-none max-sm:overflow-visible sm:px-6">
            {props.onMemberAdded && (
              <ExistingMemberSearch
                sessionId={sessionId}
                rosterIds={props.rosterIds ?? []}
                onAdded={(details) => props.onMemberAdded?.(details)}
              />
            )}
            <MetricHelper />
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {t('attendance.emptyRowsNote', { max: MAX_EDITABLE_EMPTY_ROWS })}
            </p>
            <div ref={gridRef}>
              <AttendanceGrid
                rows={rows}
                checks={checks}
                editable={editable}
                disabled={pending}
                onChange={change}
                onRowFocus={setFocusedRow}
                onRowLeave={(index) => setFocusedRow((current) => (current === index ? null : current))}
              />
            </div>
          </div>

          <footer className="space-y-3 border-t border-zinc-200 bg-white px-4 py-4 max-sm:sticky max-sm:bottom-0 sm:px-6 dark:border-zinc-800 dark:bg-zinc-900">
            {mutation.isError && (
              <Alert compact title={failureMessage(mutation.error)}>
                <p>{t('attendance.rowsKept')}</p>
              </Alert>
            )}
            <div className="flex flex-col gap-1 text-sm sm:flex-row sm:items-center sm:justify-between sm:gap-4">
              <p className="text-zinc-700 dark:text-zinc-300">
                {t('attendance.summary', { valid: records.length, invalid: incomplete })}
              </p>
              <p role="status" className="text-zinc-600 dark:text-zinc-400">
                {fakeNote && t(fakeNote.key, fakeNote.values)}
              </p>
            </div>
            <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
              <Button variant="secondary" onClick={() => props.onOpenChange(false)} className={WRAPS_ON_PHONE}>
                {t('attendance.goBack')}
              </Button>
              <Button
                id={`${id}-clear`}
                variant="secondary"
                disabled={pending}
                onClick={onClearClick}
                className={WRAPS_ON_PHONE}
              >
                {t('attendance.clear')}
              </Button>
              <Button
                variant="secondary"
                disabled={pending}
                onClick={fillFake}
                className={cn('col-span-2', WRAPS_ON_PHONE)}
              >
                {t('attendance.fake')}
              </Button>
              <Button
                disabled={pending}
                onClick={finalize}
                className={cn('col-span-2 sm:ml-auto sm:min-w-44', WRAPS_ON_PHONE)}
              >
                {pending && <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden />}
                {pending ? t('attendance.finalizing') : t('attendance.finalize')}
              </Button>
            </div>
          </footer>
        </Dialog.Content>
      </Dialog.Portal>
      <ConfirmDialog
        open={confirmingClear}
        onOpenChange={onConfirmClearOpenChange}
        title={t('attendance.clearConfirmTitle')}
        description={t('attendance.clearConfirmMessage')}
        confirmLabel={t('attendance.clearConfirm')}
        cancelLabel={t('attendance.keepRows')}
        onConfirm={clear}
        destructive
      />
    </Dialog.Root>
  );
}
