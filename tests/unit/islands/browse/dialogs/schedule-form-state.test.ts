import { describe, expect, it } from 'vitest';
import { newChoices, ruleOf, scheduleBody } from '../../../../../islands/browse/dialogs/schedule-form-state.ts';

describe('the New schedule form', () => {
  it('turns the presets into rules at the time of day', () => {
    expect(ruleOf({ howOften: 'daily', at: '06:30', customRule: '' })).toBe('FREQ=DAILY;BYHOUR=6;BYMINUTE=30');
    expect(ruleOf({ howOften: 'weekdays', at: '07:00', customRule: '' })).toBe('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=7;BYMINUTE=0');
    expect(ruleOf({ howOften: 'weekly', at: '18:05', customRule: '' })).toBe('FREQ=WEEKLY;BYHOUR=18;BYMINUTE=5');
    expect(ruleOf({ howOften: 'hourly', at: '00:15', customRule: '' })).toBe('FREQ=HOURLY;BYMINUTE=15');
    expect(ruleOf({ howOften: 'custom', at: '06:00', customRule: ' FREQ=MINUTELY;INTERVAL=5 ' })).toBe('FREQ=MINUTELY;INTERVAL=5');
  });

  it('needs an assignee; otherwise answers the body with the browser zone as chosen', () => {
    expect(scheduleBody('doc', newChoices('Europe/Berlin'))).toBe('Choose who it is assigned to.');
    const body = scheduleBody('doc', { ...newChoices('Europe/Berlin'), assignee: { type: 'role', id: 'r' } });
    expect(body).toMatchObject({ object_id: 'doc', rrule: 'FREQ=DAILY;BYHOUR=6;BYMINUTE=0', timezone: 'Europe/Berlin', window_minutes: 60, one_for_all: true, allow_late: false, starts_at: null });
  });
});
