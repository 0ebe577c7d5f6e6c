import {
  COURSE_MESSAGES,
  type Course,
  type CourseBody,
  type CoursesReply,
  TYPICAL_VALUES_NOTE,
} from '@linksmate/proto';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CoursesTab } from '../../src/features/admin-venues/components/CoursesTab';
import { fakeApi, reply } from '../support/fake-api';
import { renderInApp } from '../support/render';

const FACILITY_ADMIN = { user_id: 7, role: 'facility_admin' };
const PARS = [4, 5, 3, 4, 4, 4, 3, 5, 4, 4, 4, 3, 5, 4, 4, 3, 5, 4];

const saved: Course = {
  id: 3,
  venue_id: 12,
  name: 'West Course',
  holes: 18,
  typical_values: true,
  updated_at: '2026-03-01T00:00:00.000Z',
  tees: [
    {
      id: 31,
      course_id: 3,
      name: 'Blue',
      gender: 'men',
      par: 72,
      course_rating: 72.4,
      slope_rating: 131,
      holes: PARS.map((par, i) => ({ number: i + 1, par, stroke_index: ((i * 7) % 18) + 1 })),
    },
  ],
};

const server = (courses: Course[] = [saved]) =>
  fakeApi()
    .on('GET /admin/venues/12/courses', (): CoursesReply => ({ courses }))
    .on('POST /admin/venues/12/courses', { course: saved })
    .on('PUT /admin/venues/12/courses/3', { course: saved })
    .on('DELETE /admin/venues/12/courses/3', { message: 'Course deleted successfully' });

const open = () => renderInApp(<CoursesTab venueId={12} />, { signedInAs: FACILITY_ADMIN });

/** Opens a new course and types North, a White men's tee with this rating and slope, and one hole's value. */
async function newCourse(
  user: ReturnType<typeof open>['user'],
  tee: { rating: string; slope: string; hole: { label: string; value: string } },
) {
  await user.click(await screen.findByRole('button', { name: 'Add course' }));
  const form = screen.getByRole('form', { name: 'New course' });
  await user.type(within(form).getByLabelText(/Course name/), 'North');
  await user.type(within(form).getByLabelText(/Tee name/), 'White');
  await user.type(within(form).getByLabelText(/Course rating/), tee.rating);
  await user.type(within(form).getByLabelText(/Slope rating/), tee.slope);
  const hole = within(form).getByLabelText(tee.hole.label);
  await user.clear(hole);
  await user.type(hole, tee.hole.value);
  return { form, hole };
}

describe('the venue admin’s Courses tab (docs/product.md#courses)', () => {
  it('when the course has typical values, then its tees are listed with the note that they are not official', async () => {
    server();
    open();
    const tees = await screen.findByRole('table', { name: 'Tees of West Course' });
    expect(within(tees).getByRole('row', { name: /Blue \(Men\) 72 72.4 131/ })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(TYPICAL_VALUES_NOTE))).toBeInTheDocument();
  });

  it('when a new tee is saved with its slope out of range, a rating too far from par and a stroke index twice, then each rule’s message shows and nothing is sent', async () => {
    const api = server([]);
    const { user } = open();
    const { form, hole: index2 } = await newCourse(user, {
      rating: '95',
      slope: '160',
      hole: { label: 'Hole 2 stroke index, White (men)', value: '1' },
    });
    await user.click(within(form).getByRole('button', { name: 'Save course' }));

    expect(await within(form).findByText(COURSE_MESSAGES.slopeRange)).toBeInTheDocument();
    expect(within(form).getByText(COURSE_MESSAGES.ratingNearPar)).toBeInTheDocument();
    expect(within(form).getByText(`Hole 1: ${COURSE_MESSAGES.strokeIndexRepeated(18)}`)).toBeInTheDocument();
    expect(within(form).getByText(`Hole 2: ${COURSE_MESSAGES.strokeIndexRepeated(18)}`)).toBeInTheDocument();
    expect(index2).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('POST /admin/venues/:id/courses')).toEqual([]);
  });

  it('when a valid course is saved, then the whole course is sent with each tee’s par the sum of its holes', async () => {
    const api = server([]);
    const { user } = open();
    const { form } = await newCourse(user, {
      rating: '71.2',
      slope: '127',
      hole: { label: 'Hole 1 par, White (men)', value: '5' },
    });
    expect(within(form).getByLabelText(/^Par/)).toHaveValue('73');
    await user.click(within(form).getByRole('button', { name: 'Save course' }));

    await waitFor(() => expect(api.sent('POST /admin/venues/:id/courses')).toHaveLength(1));
    const body = api.sent('POST /admin/venues/:id/courses')[0]!.body as CourseBody;
    expect(body).toMatchObject({ name: 'North', holes: 18 });
    expect(body.tees[0]).toMatchObject({
      name: 'White',
      gender: 'men',
      par: 73,
      course_rating: 71.2,
      slope_rating: 127,
    });
    expect(body.tees[0]!.holes[0]).toEqual({ number: 1, par: 5, stroke_index: 1 });
  });

  it('when the server refuses a field, then its message lands under that field', async () => {
    fakeApi()
      .on('GET /admin/venues/12/courses', (): CoursesReply => ({ courses: [saved] }))
      .on(
        'PUT /admin/venues/12/courses/3',
        reply(422, { error: COURSE_MESSAGES.nameTaken, errors: { name: COURSE_MESSAGES.nameTaken } }),
      );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit West Course' }));
    const form = screen.getByRole('form', { name: 'Edit West Course' });
    await user.click(within(form).getByRole('button', { name: 'Save course' }));
    expect(await within(form).findByText(COURSE_MESSAGES.nameTaken)).toBeInTheDocument();
  });

  it('when Delete is clicked, then it asks first and deletes only on "Delete course"', async () => {
    const api = server();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete West Course' }));
    const question = await screen.findByRole('dialog', { name: 'Delete West Course?' });
    expect(api.sent('DELETE /admin/venues/:id/courses/:courseId')).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Delete course' }));
    await waitFor(() => expect(api.sent('DELETE /admin/venues/:id/courses/:courseId')).toHaveLength(1));
  });
});
