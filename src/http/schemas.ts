import { type TStringOptions, Type } from 'typebox';
import { DAY_PATTERN, isCalendarDay } from '../domain/day.js';

/**
 * The largest value of a database `integer` column (keys) or of a page number whose offset stays
 * valid: a larger one is a 400 at its field rather than a failed query.
 */
export const INT4_MAX = 2_147_483_647;

/** The schema key naming the form a `Formatted` string must take (an OpenAPI extension). */
export const FORM_KEY = 'x-form';

/**
 * A string in a fixed form. A value of another form is refused with `must be <form>`, which a
 * lender can act on, rather than with the regular expression that checks it.
 */
export const Formatted = (pattern: string, form: string, options: TStringOptions = {}) =>
  Type.String({ ...options, pattern, [FORM_KEY]: form });

/** A listing's page, as members of its query: pages from 1, `pageSize` items (100 by default). */
export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: INT4_MAX, default: 1, description: 'From 1' })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
};

/**
 * A day, `YYYY-MM-DD`, that exists in the calendar: `2026-11-31` is refused at its field (`not a
 * calendar date`, said only when the form is right) rather than reaching the database, which
 * cannot read it.
 */
export const CalendarDay = (form: string, options: TStringOptions = {}) =>
  Type.Refine(Formatted(DAY_PATTERN, form, options), isCalendarDay, () => 'not a calendar date');

/** An optional day in a query, `YYYY-MM-DD`. */
export const DayQuery = (description: string) => Type.Optional(CalendarDay('a day as YYYY-MM-DD', { description }));

/** The default error answer. */
export const ErrorResponse = Type.Object(
  {
    statusCode: Type.Integer(),
    code: Type.String({ description: 'Stable machine-readable code from the error catalogue' }),
    message: Type.String(),
    errors: Type.Optional(
      Type.Array(
        Type.Object({
          path: Type.String({ description: 'JSON pointer: /body/..., /query/...' }),
          message: Type.String(),
        }),
      ),
    ),
    requestId: Type.String(),
  },
  {
    $id: 'ErrorResponse',
    additionalProperties: true,
    examples: [
      {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: '/query/format: must be one of periculum, mono, okra, dojah, mbs, zeeh',
        errors: [{ path: '/query/format', message: 'must be one of periculum, mono, okra, dojah, mbs, zeeh' }],
        requestId: '3f1c2d9e-6a1b-4c2e-9f0a-1b2c3d4e5f60',
      },
    ],
  },
);

/** Error answers every authenticated route can give. */
export const authErrors = {
  401: Type.Ref('ErrorResponse'),
  403: Type.Ref('ErrorResponse'),
  429: Type.Ref('ErrorResponse'),
  500: Type.Ref('ErrorResponse'),
};
