import '@mantine/core/styles/Input.css';
import { useId, useState } from 'react';
import { Input, Text } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { REVIEW_RATINGS, type ReviewRating } from '@permuta/contracts/review-rules';
import { useTranslation } from '../../../i18n/react.tsx';
import classes from './reviews.module.css';

/**
 * The star rating of the review form: five native radio buttons drawn as stars, in a fieldset
 * named by its legend. Tab reaches the group, the arrow keys move the choice (as in any radio
 * group), and each star is named "4 stars"; the chosen rating is also written out ("Very good").
 */
export function RatingInput({
  value,
  onChange,
  error,
  label,
}: {
  value: ReviewRating | null;
  onChange: (rating: ReviewRating) => void;
  error?: string | undefined;
  label: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value ?? 0;
  const describedBy = [`${id}-chosen`, error ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <fieldset
      className={classes.fieldset}
      aria-describedby={describedBy}
      data-testid="rating-input"
    >
      <Input.Label component="legend" required className={classes.legend}>
        {label}
      </Input.Label>
      <div className={classes.ratingRow}>
        <div className={classes.ratingStars} onMouseLeave={() => setHovered(null)}>
          {REVIEW_RATINGS.map((n) => (
            <label key={n} className={classes.ratingStar} onMouseEnter={() => setHovered(n)}>
              <input
                type="radio"
                className={classes.ratingRadio}
                name={`${id}-rating`}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                aria-label={t('reviews.starCount', { count: n })}
              />
              {n <= shown ? (
                <IconStarFilled
                  size={32}
                  className={`${classes.ratingIcon} ${classes.starFull}`}
                  aria-hidden="true"
                />
              ) : (
                <IconStar
                  size={32}
                  className={`${classes.ratingIcon} ${classes.starEmpty}`}
                  aria-hidden="true"
                />
              )}
            </label>
          ))}
        </div>
        <Text size="sm" id={`${id}-chosen`} fw={value ? 600 : 400}>
          {value ? t(`reviews.ratingName.${value}`) : t('reviews.noRatingYet')}
        </Text>
      </div>
      {error && (
        <Input.Error id={`${id}-error`} mt={4}>
          {error}
        </Input.Error>
      )}
    </fieldset>
  );
}
